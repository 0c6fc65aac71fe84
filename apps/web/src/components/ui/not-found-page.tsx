// 'Page not found': for unknown addresses, and for pages that do not exist for this visitor.
import { ButtonLink } from './button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useHttpStatus } from '../../lib/server-response.ts';
import { useUiText } from './text.ts';

export default function NotFoundPage() {
  const t = useUiText();
  useDocumentTitle(t('notFound.title'));
  useHttpStatus(404);
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600">{t('notFound.text')}</p>
      <ButtonLink to="/" className="mt-6">
        {t('notFound.home')}
      </ButtonLink>
    </div>
  );
}

import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useAuthText } from '../text.ts';
import { SocialButtons } from './social-buttons.tsx';

/** Below the log-in and sign-up forms: the social buttons, the other form, and Go Home. */
export function AuthAlternatives({
  divider,
  question,
  link,
}: {
  divider: string;
  question: string;
  link: { to: string; label: string };
}) {
  const t = useAuthText();
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> {divider}{' '}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <SocialButtons />
      <p className="mt-6 text-center text-sm text-slate-600">
        {question}{' '}
        <Link to={link.to} className="font-medium text-brand-700 hover:underline">
          {link.label}
        </Link>
      </p>
      <ButtonLink to="/" variant="secondary" className="mt-4 w-full">
        {t('alternatives.home')}
      </ButtonLink>
    </>
  );
}

// What the server puts where a private page will be (cart, checkout, account…) until the browser
// draws it: a quiet block as tall as a screen, so the footer below does not move when it comes.
import { useUiText } from './text.ts';

export function PageSkeleton() {
  const t = useUiText();
  return (
    <div aria-busy="true" className="mx-auto min-h-[100svh] max-w-7xl px-4 py-8">
      <p role="status" className="text-center text-slate-500">
        {t('status.loading')}
      </p>
    </div>
  );
}

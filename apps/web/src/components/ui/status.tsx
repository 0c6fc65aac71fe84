import type { ReactNode } from 'react';
import { useMessageText } from '../../lib/i18n/message-text.ts';
import { useUiText } from './text.ts';

/** SPEC: lists show 'Loading...' while fetching. */
export function LoadingText({ children }: { children?: ReactNode }) {
  const t = useUiText();
  return (
    <p role="status" aria-live="polite" className="py-10 text-center text-slate-500">
      {children ?? t('status.loading')}
    </p>
  );
}

/** A sentence from the schemas or the server arrives in English: it is shown in the page's language. */
function useSaid(children: ReactNode): ReactNode {
  const m = useMessageText();
  return typeof children === 'string' ? m(children) : children;
}

export function ErrorText({ children }: { children: ReactNode }) {
  const said = useSaid(children);
  return (
    <p
      role="alert"
      className="my-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-700"
    >
      {said}
    </p>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-slate-500">{children}</p>;
}

/** A form's message above its fields: red for what went wrong, green for what worked. */
export function FormMessage({
  kind,
  children,
  className = '',
}: {
  kind: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const said = useSaid(children);
  const colours =
    kind === 'error'
      ? 'border-red-200 bg-red-50 text-red-700'
      : 'border-green-200 bg-green-50 text-green-800';
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm ${colours} ${className}`.trim()}
    >
      {said}
    </p>
  );
}

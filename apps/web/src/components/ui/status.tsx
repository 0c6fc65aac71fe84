import type { ReactNode } from 'react';

/** SPEC: lists show 'Loading...' while fetching. */
export function LoadingText({ children = 'Loading...' }: { children?: ReactNode }) {
  return (
    <p role="status" aria-live="polite" className="py-10 text-center text-slate-500">
      {children}
    </p>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="my-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-700"
    >
      {children}
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
  const colours =
    kind === 'error'
      ? 'border-red-200 bg-red-50 text-red-700'
      : 'border-green-200 bg-green-50 text-green-800';
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm ${colours} ${className}`.trim()}
    >
      {children}
    </p>
  );
}

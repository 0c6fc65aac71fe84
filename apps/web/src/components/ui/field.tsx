import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useMessageText } from '../../lib/i18n/message-text.ts';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-brand-600 focus:outline-none aria-[invalid=true]:border-red-500';

/**
 * A labelled form field with its error under it, tied together for screen readers. The error is a
 * sentence of the shared schemas or the server, written in English: it is shown in the page's
 * language.
 */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const m = useMessageText();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, ...(error ? { 'aria-describedby': errorId } : {}) })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {m(error)}
        </p>
      )}
    </div>
  );
}

/** The common case: a labelled text input (react-hook-form's register() spreads into it). */
export function TextField({
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} error={error}>
      {(a11y) => <input {...a11y} className={inputClass} {...input} />}
    </Field>
  );
}

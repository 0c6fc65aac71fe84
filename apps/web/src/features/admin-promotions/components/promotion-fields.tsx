// The promotion form's inputs: a label, a hint under it when there is one, and the error the
// shared schema or the server gave for the field, all tied together for screen readers.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import type { FieldErrors } from './promotion-draft.ts';

/** The error at `field`, or at one of its items ('applies_to.product_ids.2'). */
export function errorAt(errors: FieldErrors, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

export function HintedField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (a11y: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': !!error,
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input (numbers too: typed as text, so '1,500' and a stray letter reach the checks). */
export function InputField({
  label,
  hint,
  error,
  value,
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <HintedField label={label} hint={hint} error={error}>
      {(a11y) => (
        <input
          {...a11y}
          className={inputClass}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          {...input}
        />
      )}
    </HintedField>
  );
}

/** A checkbox with its label beside it and, when given, a line saying what it does. */
export function CheckField({
  label,
  hint,
  checked,
  onChecked,
  error,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          <span className="block font-medium text-slate-800">{label}</span>
          {hint && <span className="text-slate-500">{hint}</span>}
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields in a white box. */
export function FormSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div>
        <h2 id={id} className="font-semibold text-slate-900">
          {title}
        </h2>
        {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

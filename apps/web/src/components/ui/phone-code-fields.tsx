// The fields of the phone sign-in (features/auth) and of the profile's phone check
// (features/account): the number, the code sent to it, and the ways to a new code. Each area gives
// its own words and ids.
import { displayPhone } from '../../lib/phone-code.ts';
import { Field, inputClass } from './field.tsx';

type Input = {
  label: string;
  hint: string;
  /** The hint's id, read with the field. */
  hintId: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
};

const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ');

/** A phone number as typed, with a hint of the forms taken. */
export function PhoneNumberInput({ label, hint, hintId, value, onChange, error }: Input) {
  return (
    <Field label={label} error={error}>
      {(a11y) => (
        <>
          <input
            {...a11y}
            aria-describedby={describedBy(a11y['aria-describedby'], hintId)}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={inputClass}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            autoFocus
          />
          <p id={hintId} className="mt-1 text-sm text-slate-500">
            {hint}
          </p>
        </>
      )}
    </Field>
  );
}

/** 'A code was sent to +254 712 345 678.', said again when a new one goes. */
export function CodeSentTo({
  id,
  phone,
  text,
}: {
  id: string;
  /** +2547… */
  phone: string;
  /** 'We sent a code to' or, after a new one, its words. */
  text: string;
}) {
  return (
    <p id={id} role="status" aria-live="polite" className="text-sm text-slate-700">
      {text} <span className="font-semibold whitespace-nowrap">{displayPhone(phone)}</span>.
    </p>
  );
}

/** The code from the SMS: digits, offered by the phone from the message. */
export function PhoneCodeInput({
  label,
  hint,
  hintId,
  sentToId,
  value,
  onChange,
  error,
}: Input & {
  /** The id of CodeSentTo, read with the field. */
  sentToId: string;
}) {
  return (
    <Field label={label} error={error}>
      {(a11y) => (
        <>
          <input
            {...a11y}
            aria-describedby={describedBy(a11y['aria-describedby'], sentToId, hintId)}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={`${inputClass} text-lg tracking-widest`}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            autoFocus
          />
          <p id={hintId} className="mt-1 text-sm text-slate-500">
            {hint}
          </p>
        </>
      )}
    </Field>
  );
}

/** 'Send a new code' (counting down its wait) and 'Use another number', under the code form. */
export function CodeResendRow({
  secondsLeft,
  onResend,
  onOtherNumber,
  resendText,
  resendInText,
  otherNumberText,
}: {
  secondsLeft: number;
  onResend: () => void;
  onOtherNumber: () => void;
  resendText: string;
  resendInText: (seconds: number) => string;
  otherNumberText: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
      <button
        type="button"
        onClick={onResend}
        disabled={secondsLeft > 0}
        className="inline-flex min-h-6 items-center text-brand-700 hover:underline disabled:text-slate-500 disabled:no-underline"
      >
        {secondsLeft > 0 ? resendInText(secondsLeft) : resendText}
      </button>
      <button
        type="button"
        onClick={onOtherNumber}
        className="inline-flex min-h-6 items-center text-slate-700 hover:underline"
      >
        {otherNumberText}
      </button>
    </div>
  );
}

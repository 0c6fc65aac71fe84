// The profile's phone number (issue 37): adding or changing it sends a code by SMS to the new
// number, and only the right code makes it the account's: a verified number signs in by phone.
import { useRef, useState, type FormEvent } from 'react';
import {
  kenyanMobile,
  PHONE_SIGN_IN_MESSAGES,
  phoneCodeSchema,
  signInPhoneSchema,
} from '@duka/domain/auth/phone-sign-in';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { displayPhone, useCountdown, waitInWords } from '../../../lib/phone-code.ts';
import { sendPhoneCode, verifyPhone } from '../api/profile-api.ts';
import { useAccountText } from '../text.ts';

type Step = { kind: 'shown' } | { kind: 'number' } | { kind: 'code'; phone: string; wait: number };

type Say = ReturnType<typeof useAccountText>;

const tooMany = (err: ApiError, t: Say, locale: Locale) =>
  err.retryAfterSeconds === undefined
    ? t('phoneNumber.tooManyNoTime')
    : t('phoneNumber.tooMany', { wait: waitInWords(err.retryAfterSeconds, locale) });

/**
 * The server's refusal in plain words, and whether it belongs at the field. The shared messages
 * are English: the field and the form message show them in the page's language.
 */
function refusal(
  err: unknown,
  field: 'phone' | 'code',
  t: Say,
  locale: Locale,
): { at: 'field' | 'form'; message: string } {
  if (!(err instanceof ApiError)) return { at: 'form', message: t('phoneNumber.offline') };
  if (err.status === 429) return { at: 'form', message: tooMany(err, t, locale) };
  // A wrong code is a 400 here (the session itself is fine), 401 at sign-in.
  if (err.code === 'CODE_WRONG' || err.status === 401)
    return { at: 'field', message: PHONE_SIGN_IN_MESSAGES.codeWrong };
  if (err.status === 400)
    return {
      at: 'field',
      message:
        field === 'phone'
          ? PHONE_SIGN_IN_MESSAGES.phoneInvalid
          : PHONE_SIGN_IN_MESSAGES.codeInvalid,
    };
  if (err.code === 'PHONE_TAKEN')
    return { at: 'field', message: PHONE_SIGN_IN_MESSAGES.phoneTaken };
  return { at: 'form', message: err.message || t('phoneNumber.offline') };
}

export function PhoneNumberSection({
  phone,
  verified,
  onVerified,
}: {
  /** The number on the account, as it was saved ('' for none). */
  phone: string;
  /** Absent when the server does not say. */
  verified: boolean | undefined;
  /** The profile and the session's user should be read again. */
  onVerified: () => Promise<unknown>;
}) {
  const t = useAccountText();
  const [step, setStep] = useState<Step>({ kind: 'shown' });
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState(false);
  // Where focus goes when the forms close, so a keyboard is not left on the page's start.
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => {
    setStep({ kind: 'shown' });
    requestAnimationFrame(() => heading.current?.focus());
  };
  const saved = phone ? (kenyanMobile(phone) ?? phone) : '';

  return (
    <section
      aria-labelledby="phone-heading"
      className="mt-8 rounded-xl border border-slate-200 p-4"
    >
      <h2
        id="phone-heading"
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold text-slate-800 focus:outline-none"
      >
        {t('phoneNumber.heading')}
      </h2>
      {done && step.kind === 'shown' && (
        <FormMessage kind="success" className="mt-3">
          {t('phoneNumber.done')}
        </FormMessage>
      )}
      <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-900">
        {saved ? (
          displayPhone(saved)
        ) : (
          <span className="text-slate-600">{t('phoneNumber.none')}</span>
        )}
        {saved && verified === true && (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {t('phoneNumber.verified')}
          </span>
        )}
        {saved && verified === false && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t('phoneNumber.notVerified')}
          </span>
        )}
      </p>
      {verified !== true && <p className="mt-1 text-sm text-slate-600">{t('phoneNumber.why')}</p>}
      {step.kind === 'shown' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setDone(false);
              setStep({ kind: 'number' });
            }}
          >
            {saved ? t('phoneNumber.change') : t('phoneNumber.add')}
          </Button>
          {saved && verified === false && kenyanMobile(saved) && (
            <Button
              variant="secondary"
              onClick={() => {
                setDone(false);
                setTyped(saved);
                setStep({ kind: 'number' });
              }}
            >
              {t('phoneNumber.verify')}
            </Button>
          )}
        </div>
      )}
      {step.kind === 'number' && (
        <NumberForm
          typed={typed}
          onTyped={setTyped}
          onSent={(to, wait) => setStep({ kind: 'code', phone: to, wait })}
          onCancel={close}
        />
      )}
      {step.kind === 'code' && (
        <CodeForm
          phone={step.phone}
          wait={step.wait}
          onOtherNumber={() => setStep({ kind: 'number' })}
          onCancel={close}
          onVerified={async () => {
            await onVerified();
            setTyped('');
            setDone(true);
            close();
          }}
        />
      )}
    </section>
  );
}

function NumberForm({
  typed,
  onTyped,
  onSent,
  onCancel,
}: {
  typed: string;
  onTyped: (value: string) => void;
  onSent: (phone: string, wait: number) => void;
  onCancel: () => void;
}) {
  const locale = useLocale();
  const t = useAccountText();
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = signInPhoneSchema.safeParse(typed);
    if (!checked.success) {
      setFieldError(typed.trim() ? PHONE_SIGN_IN_MESSAGES.phoneInvalid : t('phoneNumber.required'));
      return;
    }
    setFieldError('');
    setBusy(true);
    try {
      const { resend_after_seconds } = await sendPhoneCode(checked.data, locale);
      onSent(checked.data, resend_after_seconds ?? 60);
    } catch (err) {
      const { at, message } = refusal(err, 'phone', t, locale);
      if (at === 'field') setFieldError(message);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label={t('phoneNumber.newNumber')} error={fieldError}>
        {(a11y) => (
          <>
            <input
              {...a11y}
              aria-describedby={[a11y['aria-describedby'], 'new-phone-hint']
                .filter(Boolean)
                .join(' ')}
              value={typed}
              onChange={(e) => onTyped(e.target.value)}
              className={inputClass}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              autoFocus
            />
            <p id="new-phone-hint" className="mt-1 text-sm text-slate-500">
              {t('phoneNumber.numberHint')}
            </p>
          </>
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('phoneNumber.sending') : t('phoneNumber.send')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('phoneNumber.cancel')}
        </Button>
      </div>
    </form>
  );
}

function CodeForm({
  phone,
  wait,
  onOtherNumber,
  onCancel,
  onVerified,
}: {
  phone: string;
  wait: number;
  onOtherNumber: () => void;
  onCancel: () => void;
  onVerified: () => Promise<void>;
}) {
  const locale = useLocale();
  const t = useAccountText();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secondsLeft, startWait] = useCountdown(wait);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = phoneCodeSchema.safeParse(code.replace(/\s/g, ''));
    if (!checked.success) {
      setFieldError(PHONE_SIGN_IN_MESSAGES.codeInvalid);
      return;
    }
    setFieldError('');
    setBusy(true);
    try {
      await verifyPhone(phone, checked.data);
      await onVerified();
    } catch (err) {
      const { at, message } = refusal(err, 'code', t, locale);
      if (at === 'field') setFieldError(message);
      else setFailure(message);
      setBusy(false);
    }
  };

  const resend = async () => {
    setFailure('');
    setResent(false);
    try {
      const { resend_after_seconds } = await sendPhoneCode(phone, locale);
      startWait(resend_after_seconds ?? 60);
      setResent(true);
    } catch (err) {
      setFailure(refusal(err, 'phone', t, locale).message);
      if (err instanceof ApiError && err.retryAfterSeconds !== undefined) {
        startWait(err.retryAfterSeconds);
      }
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
      <p
        id="profile-code-sent-to"
        role="status"
        aria-live="polite"
        className="text-sm text-slate-700"
      >
        {resent ? t('phoneNumber.sentAgain') : t('phoneNumber.sentTo')}{' '}
        <span className="font-semibold whitespace-nowrap">{displayPhone(phone)}</span>.
      </p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label={t('phoneNumber.code')} error={fieldError}>
        {(a11y) => (
          <>
            <input
              {...a11y}
              aria-describedby={[
                a11y['aria-describedby'],
                'profile-code-sent-to',
                'profile-code-hint',
              ]
                .filter(Boolean)
                .join(' ')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={`${inputClass} text-lg tracking-widest`}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              autoFocus
            />
            <p id="profile-code-hint" className="mt-1 text-sm text-slate-500">
              {t('phoneNumber.codeHint')}
            </p>
          </>
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('phoneNumber.checking') : t('phoneNumber.confirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('phoneNumber.cancel')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={secondsLeft > 0}
          className="inline-flex min-h-6 items-center text-brand-700 hover:underline disabled:text-slate-500 disabled:no-underline"
        >
          {secondsLeft > 0
            ? t('phoneNumber.resendIn', { seconds: secondsLeft })
            : t('phoneNumber.resend')}
        </button>
        <button
          type="button"
          onClick={onOtherNumber}
          className="inline-flex min-h-6 items-center text-slate-700 hover:underline"
        >
          {t('phoneNumber.otherNumber')}
        </button>
      </div>
    </form>
  );
}

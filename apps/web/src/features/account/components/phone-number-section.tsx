// The profile's phone number (issue 37): adding or changing it sends a code by SMS to the new
// number, and only the right code makes it the account's: a verified number signs in by phone.
import { useRef, useState } from 'react';
import { kenyanMobile, PHONE_SIGN_IN_MESSAGES } from '@duka/domain/auth/phone-sign-in';
import { Button } from '../../../components/ui/button.tsx';
import {
  CodeResendRow,
  CodeSentTo,
  PhoneCodeInput,
  PhoneNumberInput,
} from '../../../components/ui/phone-code-fields.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { displayPhone, waitInWords } from '../../../lib/phone-code.ts';
import { usePhoneCode, usePhoneNumberSubmit, type Refusal } from '../../../lib/phone-code-forms.ts';
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
function refusal(err: unknown, field: 'phone' | 'code', t: Say, locale: Locale): Refusal {
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
  const { fieldError, failure, busy, onSubmit } = usePhoneNumberSubmit({
    typed,
    requiredText: t('phoneNumber.required'),
    send: (phone) => sendPhoneCode(phone, locale),
    onSent,
    refuse: (err) => refusal(err, 'phone', t, locale),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <PhoneNumberInput
        label={t('phoneNumber.newNumber')}
        hint={t('phoneNumber.numberHint')}
        hintId="new-phone-hint"
        value={typed}
        onChange={onTyped}
        error={fieldError}
      />
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
  const form = usePhoneCode({
    wait,
    verify: async (digits) => {
      await verifyPhone(phone, digits);
      await onVerified();
    },
    refuse: (err) => refusal(err, 'code', t, locale),
    resend: () => sendPhoneCode(phone, locale),
    refuseResend: (err) => ({
      message: refusal(err, 'phone', t, locale).message,
      wait: err instanceof ApiError ? err.retryAfterSeconds : undefined,
    }),
  });

  return (
    <form onSubmit={form.onSubmit} noValidate className="mt-3 space-y-3">
      <CodeSentTo
        id="profile-code-sent-to"
        phone={phone}
        text={form.resent ? t('phoneNumber.sentAgain') : t('phoneNumber.sentTo')}
      />
      {form.failure && <FormMessage kind="error">{form.failure}</FormMessage>}
      <PhoneCodeInput
        label={t('phoneNumber.code')}
        hint={t('phoneNumber.codeHint')}
        hintId="profile-code-hint"
        sentToId="profile-code-sent-to"
        value={form.code}
        onChange={form.setCode}
        error={form.fieldError}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? t('phoneNumber.checking') : t('phoneNumber.confirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('phoneNumber.cancel')}
        </Button>
      </div>
      <CodeResendRow
        secondsLeft={form.secondsLeft}
        onResend={() => void form.resend()}
        onOtherNumber={onOtherNumber}
        resendText={t('phoneNumber.resend')}
        resendInText={(seconds) => t('phoneNumber.resendIn', { seconds })}
        otherNumberText={t('phoneNumber.otherNumber')}
      />
    </form>
  );
}

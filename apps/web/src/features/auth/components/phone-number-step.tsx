// Phone sign-in, step 1: the number a code goes to. Any usual Kenyan form is taken ('0712 345 678',
// '+254712345678'); a number that cannot be one is caught here before a code is asked for.
import { useState, type FormEvent } from 'react';
import { PHONE_SIGN_IN_MESSAGES, signInPhoneSchema } from '@duka/domain/auth/phone-sign-in';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { waitInWords } from '../../../lib/phone-code.ts';
import { sendSignInCode } from '../api/phone-sign-in-api.ts';
import { useAuthText } from '../text.ts';

export function PhoneNumberStep({
  number,
  onNumberChange,
  onSent,
  onCancel,
}: {
  /** What was typed, kept by the caller so 'Use another number' brings it back. */
  number: string;
  onNumberChange: (typed: string) => void;
  /** The code is on its way to `phone` (+2547…); another may be asked for after the wait. */
  onSent: (phone: string, resendAfterSeconds: number) => void;
  onCancel: () => void;
}) {
  const locale = useLocale();
  const t = useAuthText();
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = signInPhoneSchema.safeParse(number);
    if (!checked.success) {
      setFieldError(
        number.trim() ? PHONE_SIGN_IN_MESSAGES.phoneInvalid : t('phoneNumber.required'),
      );
      return;
    }
    const phone = checked.data;
    setFieldError('');
    setBusy(true);
    try {
      const { resend_after_seconds } = await sendSignInCode(phone, locale);
      onSent(phone, resend_after_seconds ?? 60);
    } catch (err) {
      if (!(err instanceof ApiError)) setFailure(t('phoneNumber.offline'));
      else if (err.status === 400) setFieldError(PHONE_SIGN_IN_MESSAGES.phoneInvalid);
      else if (err.status === 429)
        setFailure(
          err.retryAfterSeconds === undefined
            ? t('phoneNumber.tooManyNoTime')
            : t('phoneNumber.tooMany', { wait: waitInWords(err.retryAfterSeconds, locale) }),
        );
      else if (err.code === 'PHONE_SIGN_IN_OFF' || err.status === 404)
        setFailure(t('phoneNumber.unavailable'));
      else setFailure(err.message || t('phoneNumber.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t('phoneNumber.intro')}</p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label={t('phoneNumber.label')} error={fieldError}>
        {(a11y) => (
          <>
            <input
              {...a11y}
              aria-describedby={[a11y['aria-describedby'], 'phone-hint'].filter(Boolean).join(' ')}
              value={number}
              onChange={(e) => onNumberChange(e.target.value)}
              className={inputClass}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              autoFocus
            />
            <p id="phone-hint" className="mt-1 text-sm text-slate-500">
              {t('phoneNumber.hint')}
            </p>
          </>
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('phoneNumber.sending') : t('phoneNumber.send')}
      </Button>
      <button
        type="button"
        onClick={onCancel}
        className="inline-flex min-h-6 w-full items-center justify-center text-sm text-brand-700 hover:underline"
      >
        {t('phoneNumber.byEmail')}
      </button>
    </form>
  );
}

// Phone sign-in, step 2: the 6-digit code sent by SMS. The phone offers it from the message
// (autocomplete="one-time-code"); a new code may be asked for once the minute's wait is over.
import { useState, type FormEvent } from 'react';
import type { MfaChallenge } from '@duka/domain';
import {
  PHONE_SIGN_IN_MESSAGES,
  phoneCodeSchema,
  type PhoneSignInResponse,
} from '@duka/domain/auth/phone-sign-in';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { displayPhone, useCountdown, waitInWords } from '../../../lib/phone-code.ts';
import { sendSignInCode, verifySignInCode } from '../api/phone-sign-in-api.ts';
import { isChallenge } from '../api/two-factor-api.ts';
import { useAuthText } from '../text.ts';

export function PhoneCodeStep({
  phone,
  resendAfterSeconds,
  onVerified,
  onChallenge,
  onOtherNumber,
}: {
  /** The number the code went to, +2547… */
  phone: string;
  resendAfterSeconds: number;
  onVerified: (answer: PhoneSignInResponse, remember: boolean) => void;
  /** A staff account with two-step sign-in: its second step follows. */
  onChallenge: (challenge: MfaChallenge, remember: boolean) => void;
  onOtherNumber: () => void;
}) {
  const locale = useLocale();
  const t = useAuthText();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secondsLeft, startWait] = useCountdown(resendAfterSeconds);

  const tooMany = (err: ApiError) =>
    err.retryAfterSeconds === undefined
      ? t('phoneCode.tooManyNoTime')
      : t('phoneCode.tooMany', { wait: waitInWords(err.retryAfterSeconds, locale) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = phoneCodeSchema.safeParse(code.replace(/\s/g, ''));
    if (!checked.success) {
      setFieldError(PHONE_SIGN_IN_MESSAGES.codeInvalid);
      return;
    }
    const digits = checked.data;
    setFieldError('');
    setBusy(true);
    try {
      const answer = await verifySignInCode(phone, digits);
      if (isChallenge(answer)) onChallenge(answer, remember);
      else onVerified(answer, remember);
    } catch (err) {
      if (!(err instanceof ApiError)) setFailure(t('phoneCode.offline'));
      else if (err.status === 401 || err.code === 'CODE_WRONG')
        setFieldError(PHONE_SIGN_IN_MESSAGES.codeWrong);
      else if (err.status === 400) setFieldError(PHONE_SIGN_IN_MESSAGES.codeInvalid);
      else if (err.status === 429) setFailure(tooMany(err));
      // 403: a staff account without two-step sign-in; the server says where to sign in.
      else setFailure(err.message || t('phoneCode.offline'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setFailure('');
    setResent(false);
    try {
      const { resend_after_seconds } = await sendSignInCode(phone, locale);
      startWait(resend_after_seconds ?? 60);
      setResent(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        setFailure(tooMany(err));
        if (err.retryAfterSeconds !== undefined) startWait(err.retryAfterSeconds);
      } else {
        setFailure(err instanceof ApiError && err.message ? err.message : t('phoneCode.offline'));
      }
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p id="code-sent-to" role="status" aria-live="polite" className="text-sm text-slate-700">
        {resent ? t('phoneCode.sentAgain') : t('phoneCode.sentTo')}{' '}
        <span className="font-semibold whitespace-nowrap">{displayPhone(phone)}</span>.
      </p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label={t('phoneCode.label')} error={fieldError}>
        {(a11y) => (
          <>
            <input
              {...a11y}
              aria-describedby={[a11y['aria-describedby'], 'code-sent-to', 'code-hint']
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
            <p id="code-hint" className="mt-1 text-sm text-slate-500">
              {t('phoneCode.hint')}
            </p>
          </>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
          className="h-6 w-6 rounded border-slate-300 accent-brand-700"
        />
        {t('phoneCode.remember')}
      </label>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('phoneCode.checking') : t('phoneCode.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={secondsLeft > 0}
          className="inline-flex min-h-6 items-center text-brand-700 hover:underline disabled:text-slate-500 disabled:no-underline"
        >
          {secondsLeft > 0
            ? t('phoneCode.resendIn', { seconds: secondsLeft })
            : t('phoneCode.resend')}
        </button>
        <button
          type="button"
          onClick={onOtherNumber}
          className="inline-flex min-h-6 items-center text-slate-700 hover:underline"
        >
          {t('phoneCode.otherNumber')}
        </button>
      </div>
    </form>
  );
}

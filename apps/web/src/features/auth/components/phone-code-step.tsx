// Phone sign-in, step 2: the 6-digit code sent by SMS. The phone offers it from the message
// (autocomplete="one-time-code"); a new code may be asked for once the minute's wait is over.
import { useState } from 'react';
import type { MfaChallenge } from '@duka/domain';
import { PHONE_SIGN_IN_MESSAGES, type PhoneSignInResponse } from '@duka/domain/auth/phone-sign-in';
import { Button } from '../../../components/ui/button.tsx';
import {
  CodeResendRow,
  CodeSentTo,
  PhoneCodeInput,
} from '../../../components/ui/phone-code-fields.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { waitInWords } from '../../../lib/phone-code.ts';
import { usePhoneCode, type Refusal } from '../../../lib/phone-code-forms.ts';
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
  const [remember, setRemember] = useState(false);

  const tooMany = (err: ApiError) =>
    err.retryAfterSeconds === undefined
      ? t('phoneCode.tooManyNoTime')
      : t('phoneCode.tooMany', { wait: waitInWords(err.retryAfterSeconds, locale) });

  const refuse = (err: unknown): Refusal => {
    if (!(err instanceof ApiError)) return { at: 'form', message: t('phoneCode.offline') };
    if (err.status === 401 || err.code === 'CODE_WRONG')
      return { at: 'field', message: PHONE_SIGN_IN_MESSAGES.codeWrong };
    if (err.status === 400) return { at: 'field', message: PHONE_SIGN_IN_MESSAGES.codeInvalid };
    if (err.status === 429) return { at: 'form', message: tooMany(err) };
    // 403: a staff account without two-step sign-in; the server says where to sign in.
    return { at: 'form', message: err.message || t('phoneCode.offline') };
  };
  const form = usePhoneCode({
    wait: resendAfterSeconds,
    verify: async (digits) => {
      const answer = await verifySignInCode(phone, digits);
      if (isChallenge(answer)) onChallenge(answer, remember);
      else onVerified(answer, remember);
    },
    refuse,
    resend: () => sendSignInCode(phone, locale),
    refuseResend: (err) =>
      err instanceof ApiError && err.status === 429
        ? { message: tooMany(err), wait: err.retryAfterSeconds }
        : {
            message: err instanceof ApiError && err.message ? err.message : t('phoneCode.offline'),
          },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate className="space-y-4">
      <CodeSentTo
        id="code-sent-to"
        phone={phone}
        text={form.resent ? t('phoneCode.sentAgain') : t('phoneCode.sentTo')}
      />
      {form.failure && <FormMessage kind="error">{form.failure}</FormMessage>}
      <PhoneCodeInput
        label={t('phoneCode.label')}
        hint={t('phoneCode.hint')}
        hintId="code-hint"
        sentToId="code-sent-to"
        value={form.code}
        onChange={form.setCode}
        error={form.fieldError}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
          className="h-6 w-6 rounded border-slate-300 accent-brand-700"
        />
        {t('phoneCode.remember')}
      </label>
      <Button type="submit" className="w-full" disabled={form.busy}>
        {form.busy ? t('phoneCode.checking') : t('phoneCode.submit')}
      </Button>
      <CodeResendRow
        secondsLeft={form.secondsLeft}
        onResend={() => void form.resend()}
        onOtherNumber={onOtherNumber}
        resendText={t('phoneCode.resend')}
        resendInText={(seconds) => t('phoneCode.resendIn', { seconds })}
        otherNumberText={t('phoneCode.otherNumber')}
      />
    </form>
  );
}

// Phone sign-in, step 1: the number a code goes to. Any usual Kenyan form is taken ('0712 345 678',
// '+254712345678'); a number that cannot be one is caught here before a code is asked for.
import { PHONE_SIGN_IN_MESSAGES } from '@duka/domain/auth/phone-sign-in';
import { Button } from '../../../components/ui/button.tsx';
import { PhoneNumberInput } from '../../../components/ui/phone-code-fields.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { waitInWords } from '../../../lib/phone-code.ts';
import { usePhoneNumberSubmit, type Refusal } from '../../../lib/phone-code-forms.ts';
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

  const refuse = (err: unknown): Refusal => {
    if (!(err instanceof ApiError)) return { at: 'form', message: t('phoneNumber.offline') };
    if (err.status === 400) return { at: 'field', message: PHONE_SIGN_IN_MESSAGES.phoneInvalid };
    if (err.status === 429)
      return {
        at: 'form',
        message:
          err.retryAfterSeconds === undefined
            ? t('phoneNumber.tooManyNoTime')
            : t('phoneNumber.tooMany', { wait: waitInWords(err.retryAfterSeconds, locale) }),
      };
    if (err.code === 'PHONE_SIGN_IN_OFF' || err.status === 404)
      return { at: 'form', message: t('phoneNumber.unavailable') };
    return { at: 'form', message: err.message || t('phoneNumber.offline') };
  };
  const { fieldError, failure, busy, onSubmit } = usePhoneNumberSubmit({
    typed: number,
    requiredText: t('phoneNumber.required'),
    send: (phone) => sendSignInCode(phone, locale),
    onSent,
    refuse,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t('phoneNumber.intro')}</p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <PhoneNumberInput
        label={t('phoneNumber.label')}
        hint={t('phoneNumber.hint')}
        hintId="phone-hint"
        value={number}
        onChange={onNumberChange}
        error={fieldError}
      />
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

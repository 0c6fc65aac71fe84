// 'Pay with M-Pesa': the phone the request goes to (the profile's, to start with).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { mpesaPhoneSchema } from '@duka/domain/payments/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useCheckoutText } from '../text.ts';

const formSchema = z.object({ phone: mpesaPhoneSchema });
type PhoneForm = z.input<typeof formSchema>;

export function MpesaPhoneForm({
  phone,
  error,
  sending,
  onSend,
  onBack,
}: {
  phone: string;
  error: string;
  sending: boolean;
  /** Called with the number as typed; the server normalises it again. */
  onSend: (phone: string) => void;
  onBack: () => void;
}) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<PhoneForm, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { phone },
  });
  const t = useCheckoutText();
  const m = useMessageText();

  return (
    <form
      noValidate
      className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4"
      onSubmit={handleSubmit(() => onSend(getValues('phone')))}
    >
      <h3 className="font-semibold text-slate-900">{t('mpesa.payWithMpesa')}</h3>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <TextField
        label={t('mpesa.phoneLabel')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0712 345 678"
        error={errors.phone?.message && m(errors.phone.message)}
        {...register('phone')}
      />
      <p className="text-sm text-slate-600">{t('mpesaPhoneForm.help')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={sending}>
          {t('mpesaPhoneForm.otherMethods')}
        </Button>
        <Button type="submit" disabled={sending} className="bg-emerald-700 hover:bg-emerald-800">
          {t(sending ? 'mpesaPhoneForm.sending' : 'mpesa.send')}
        </Button>
      </div>
    </form>
  );
}

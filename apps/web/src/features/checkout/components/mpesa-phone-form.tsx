// 'Pay with M-Pesa': the phone the request goes to (the profile's, to start with).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MPESA_MESSAGES } from '@duka/domain/payments/messages';
import { mpesaPhoneSchema } from '@duka/domain/payments/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';

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

  return (
    <form
      noValidate
      className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4"
      onSubmit={handleSubmit(() => onSend(getValues('phone')))}
    >
      <h3 className="font-semibold text-slate-900">{MPESA_MESSAGES.payWithMpesa}</h3>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <TextField
        label={MPESA_MESSAGES.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0712 345 678"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <p className="text-sm text-slate-600">
        We send a payment request to this phone. Keep it at hand to enter your M-Pesa PIN.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={sending}>
          Other payment methods
        </Button>
        <Button type="submit" disabled={sending} className="bg-emerald-700 hover:bg-emerald-800">
          {sending ? 'Sending...' : MPESA_MESSAGES.send}
        </Button>
      </div>
    </form>
  );
}

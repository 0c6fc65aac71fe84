import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/status.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentInfoSchema, type PaymentInfoInput } from '@duka/domain/checkout/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { savePaymentInfo } from '../api/checkout-api.ts';

export function PaymentStep({
  email,
  onBack,
  onDone,
}: {
  email: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PaymentInfoInput>({
    resolver: zodResolver(paymentInfoSchema),
    defaultValues: { email },
  });

  const onSubmit = handleSubmit(async (v) => {
    try {
      await savePaymentInfo(v);
      onDone();
    } catch (err) {
      setError('root', {
        message:
          err instanceof ApiError
            ? err.message
            : 'We could not save your e-mail. Please try again.',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">Payment Information</h2>
      <p className="text-sm text-slate-600">
        You will pay with PayPal on the next step. We send the receipt to this address.
      </p>
      {errors.root && <FormMessage kind="error">{errors.root.message}</FormMessage>}
      <TextField
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <div className="flex justify-between gap-3 pt-2">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Payment Info'}
        </Button>
      </div>
    </form>
  );
}

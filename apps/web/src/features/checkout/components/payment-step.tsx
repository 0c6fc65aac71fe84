import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/status.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentInfoSchema, type PaymentInfoInput } from '@duka/domain/checkout/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { methodList, paymentMethodsQuery } from '../../../lib/payment-methods.ts';
import { savePaymentInfo } from '../api/checkout-api.ts';

export function PaymentStep({
  email,
  kraPin = '',
  businessName = '',
  onBack,
  onDone,
}: {
  email: string;
  /** A business buyer's KRA PIN and name, as saved before. */
  kraPin?: string;
  businessName?: string;
  onBack: () => void;
  /** Runs once the server saved the step; the button stays busy until it is done. */
  onDone: () => void | Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PaymentInfoInput>({
    resolver: zodResolver(paymentInfoSchema),
    defaultValues: { email, kra_pin: kraPin, business_name: businessName },
  });

  const [invoiceOpen, setInvoiceOpen] = useState(Boolean(kraPin));
  // The ways checkout's next step offers, from the same list as its buttons.
  const methods = useQuery(paymentMethodsQuery()).data?.methods;
  const ways = methods ? methodList(methods, 'or') : '';

  const onSubmit = handleSubmit(async (v) => {
    try {
      await savePaymentInfo(v);
      await onDone();
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
        {ways
          ? `You choose how to pay on the next step: ${ways}.`
          : 'You choose how to pay on the next step.'}{' '}
        We send the receipt to this address.
      </p>
      {errors.root && <FormMessage kind="error">{errors.root.message}</FormMessage>}
      <TextField
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      {/* Open when a PIN was given before, or when one of its fields needs correcting; once open
          it stays so (onToggle follows it), not closing under the typing when the error clears. */}
      <details
        open={invoiceOpen || Boolean(errors.kra_pin || errors.business_name)}
        onToggle={(e) => setInvoiceOpen(e.currentTarget.open)}
        className="rounded-lg border border-slate-200 p-3"
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Tax invoice for a business (optional)
        </summary>
        <p className="mt-2 text-sm text-slate-600">
          Add your business&apos;s KRA PIN and the tax invoice will carry it, so you can claim the
          VAT back.
        </p>
        <div className="mt-3 space-y-3">
          <TextField
            label="KRA PIN"
            error={errors.kra_pin?.message}
            placeholder="P051234567X"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={11}
            {...register('kra_pin')}
          />
          <TextField
            label="Business name"
            error={errors.business_name?.message}
            autoComplete="organization"
            maxLength={100}
            {...register('business_name')}
          />
        </div>
      </details>
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

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/status.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentInfoSchema, type PaymentInfoInput } from '@duka/domain/checkout/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/ui/field.tsx';
import {
  methodList,
  paymentMethodsQuery,
  type ShopPaymentMethod,
} from '../../../lib/payment-methods.ts';
import { useShopText } from '../../../lib/i18n/text.ts';
import { savePaymentInfo } from '../api/checkout-api.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useCheckoutText } from '../text.ts';

/** 'M-Pesa, M-Pesa Paybill or PayPal': the ways to pay now (pay on delivery is per county). */
function useWays(methods: readonly ShopPaymentMethod[] | undefined): string {
  return methodList(methods ?? [], useShopText()('meta.or'));
}

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
  const ways = useWays(methods);
  const t = useCheckoutText();
  const m = useMessageText();

  const onSubmit = handleSubmit(async (v) => {
    try {
      await savePaymentInfo(v);
      await onDone();
    } catch (err) {
      setError('root', {
        message: err instanceof ApiError ? m(err.message) : t('paymentStep.saveFailed'),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{t('paymentStep.title')}</h2>
      <p className="text-sm text-slate-600">
        {ways ? t('paymentStep.chooseNextFrom', { ways }) : t('paymentStep.chooseNext')}{' '}
        {t('paymentStep.receipt')}
      </p>
      {errors.root && <FormMessage kind="error">{errors.root.message}</FormMessage>}
      <TextField
        label={t('paymentStep.email')}
        error={errors.email?.message && m(errors.email.message)}
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
          {t('paymentStep.invoice')}
        </summary>
        <p className="mt-2 text-sm text-slate-600">{t('paymentStep.invoiceHelp')}</p>
        <div className="mt-3 space-y-3">
          <TextField
            label={t('paymentStep.kraPin')}
            error={errors.kra_pin?.message && m(errors.kra_pin.message)}
            placeholder="P051234567X"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={11}
            {...register('kra_pin')}
          />
          <TextField
            label={t('paymentStep.businessName')}
            error={errors.business_name?.message && m(errors.business_name.message)}
            autoComplete="organization"
            maxLength={100}
            {...register('business_name')}
          />
        </div>
      </details>
      <div className="flex justify-between gap-3 pt-2">
        <Button variant="secondary" onClick={onBack}>
          {t('paymentStep.back')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'paymentStep.saving' : 'paymentStep.save')}
        </Button>
      </div>
    </form>
  );
}

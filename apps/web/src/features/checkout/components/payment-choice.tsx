// The ways to pay, as checkout's last step offers them and an order awaiting payment offers them
// again on its page ('Pay now', issue 34): M-Pesa first, then on delivery, the Paybill or Till, and
// PayPal — each from the shop's list of enabled methods. Given `orderId`, every way pays that
// order; without it, checkout's order made from the cart.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { paymentMethodsQuery } from '../../../lib/payment-methods.ts';
import { createPayment } from '../api/checkout-api.ts';
import { useRefreshOnOfferRefusal } from '../api/offer-refusal.ts';
import { useCheckoutText } from '../text.ts';
import { MpesaCheckout } from './mpesa-checkout.tsx';
import { PaybillCheckout } from './paybill-checkout.tsx';

type Way = { kind: 'mpesa' } | { kind: 'paybill'; orderId?: number | undefined };

export function PaymentChoice({
  amountCents,
  itemTotalCents = 0,
  orderId,
  disabled = false,
  back,
  payOnDelivery,
}: {
  /** What is asked: the order's total at checkout, what it still owes when paid later. */
  amountCents: number;
  /** SPEC §7's body for PayPal at checkout (the server ignores it). */
  itemTotalCents?: number;
  orderId?: number | undefined;
  disabled?: boolean;
  /** Checkout's 'Back' button, beside the ways to pay (disabled while one starts). */
  back?: (disabled: boolean) => ReactNode;
  /** The 'Pay on delivery' button, where the order's county takes it (it needs the county). */
  payOnDelivery?: ReactNode;
}) {
  const [error, setError] = useState('');
  const [redirecting, setRedirecting] = useState(false);
  const [way, setWay] = useState<Way | null>(null);
  const methods = useQuery(paymentMethodsQuery());
  const refreshOnRefusal = useRefreshOnOfferRefusal();
  const t = useCheckoutText();
  const m = useMessageText();
  const offered = (method: string) => methods.data?.methods.some((m) => m.method === method);
  const paybillMethod = methods.data?.methods.find((m) => m.method === 'mpesa_paybill');
  const paybillLabel = paybillMethod
    ? t(paybillMethod.kind === 'till' ? 'mpesa.payViaTill' : 'mpesa.payViaPaybill')
    : undefined;

  const payPal = async () => {
    setError('');
    setRedirecting(true);
    try {
      const { payment_link } = await createPayment(itemTotalCents, orderId);
      window.location.assign(payment_link);
    } catch (err) {
      refreshOnRefusal(err);
      setError(err instanceof Error ? m(err.message) : t('paymentChoice.startFailed'));
      setRedirecting(false);
    }
  };

  if (way?.kind === 'mpesa') {
    return (
      <MpesaCheckout
        totalCents={amountCents}
        orderId={orderId}
        onBack={() => setWay(null)}
        paybillLabel={paybillLabel}
        onPaybill={(id) => setWay({ kind: 'paybill', orderId: id })}
      />
    );
  }
  if (way?.kind === 'paybill') {
    return <PaybillCheckout orderId={way.orderId ?? orderId} onBack={() => setWay(null)} />;
  }
  const off = disabled || redirecting;
  return (
    <div className="space-y-3">
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        {back ? back(redirecting) : <span />}
        {/* Every configured method, M-Pesa first (DESIGN.md, "Payments"). */}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button
            onClick={() => setWay({ kind: 'mpesa' })}
            disabled={off}
            className="bg-emerald-700 hover:bg-emerald-800"
          >
            {t('mpesa.payWithMpesa')}
          </Button>
          {offered('pay_on_delivery') && payOnDelivery}
          {paybillLabel && (
            <Button variant="secondary" onClick={() => setWay({ kind: 'paybill' })} disabled={off}>
              {paybillLabel}
            </Button>
          )}
          <Button onClick={payPal} disabled={off}>
            {t(redirecting ? 'paymentChoice.redirecting' : 'mpesa.payWithPaypal')}
          </Button>
        </div>
      </div>
    </div>
  );
}

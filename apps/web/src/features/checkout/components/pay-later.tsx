// 'Pay now' on the page of an order awaiting payment (issue 34): the shopper who left the payment
// page, or whose M-Pesa request failed, pays the same order later, any way the shop takes, for
// what it still owes. The Paybill shows its figures again: the same account number, the order's.
import { useState } from 'react';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { PayOnDeliveryButton } from './pay-on-delivery-button.tsx';
import { useCheckoutText } from '../text.ts';
import { PaymentChoice } from './payment-choice.tsx';

export function PayLater({
  orderId,
  balanceCents,
  totalCents,
  countyName,
}: {
  orderId: number;
  /** What the order still owes (its total, less any part already paid). */
  balanceCents: number;
  totalCents: number;
  /** The order's county, as the order names it: whether it may be paid on delivery. */
  countyName: string | null;
}) {
  const [choosing, setChoosing] = useState(false);
  const t = useCheckoutText();
  return (
    <section
      aria-labelledby="pay-now-title"
      className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4"
    >
      <h2 id="pay-now-title" className="font-semibold text-slate-900">
        {t('payLater.title')}
      </h2>
      <p className="text-sm text-slate-700">
        {t('payLater.toPay', { amount: formatKsh(balanceCents) })}
      </p>
      {choosing ? (
        <PaymentChoice
          amountCents={balanceCents}
          orderId={orderId}
          back={(busy) => (
            <Button variant="secondary" onClick={() => setChoosing(false)} disabled={busy}>
              {t('payLater.notNow')}
            </Button>
          )}
          payOnDelivery={
            // The county's maximum counts the whole order: its total is what the courier collects.
            <PayOnDeliveryButton
              countyName={countyName}
              orderId={orderId}
              totalCents={totalCents}
              disabled={false}
            />
          }
        />
      ) : (
        <Button onClick={() => setChoosing(true)} className="bg-emerald-700 hover:bg-emerald-800">
          {t('payLater.payNow')}
        </Button>
      )}
    </section>
  );
}

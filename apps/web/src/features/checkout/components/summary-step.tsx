import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText, FormMessage } from '../../../components/ui/status.tsx';
import { MPESA_MESSAGES } from '@duka/domain/payments/messages';
import { checkoutQueries, createPayment } from '../api/checkout-api.ts';
import { MpesaCheckout } from './mpesa-checkout.tsx';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between py-2 ${strong ? 'border-t border-slate-200 text-lg font-bold' : 'text-sm'}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Step 3: the totals as the server computed them from the cart (SPEC §2.11, DESIGN 3). */
export function SummaryStep({ onBack }: { onBack: () => void }) {
  const summary = useQuery(checkoutQueries.summary());
  const [error, setError] = useState('');
  const [paying, setPaying] = useState(false);
  const [mpesa, setMpesa] = useState(false);

  const pay = async () => {
    if (!summary.data) return;
    setError('');
    setPaying(true);
    try {
      const { payment_link } = await createPayment(summary.data.itemsCents);
      window.location.assign(payment_link);
    } catch (err) {
      setError(
        err instanceof Error ? err.message : 'The payment could not be started. Please try again.',
      );
      setPaying(false);
    }
  };

  if (summary.isPending) return <LoadingText />;
  if (summary.isError)
    return <ErrorText>We could not load your order summary: {summary.error.message}</ErrorText>;
  const s = summary.data;
  const empty = s.itemCount === 0;

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Summary</h2>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {empty ? (
        <div className="rounded-lg bg-slate-50 p-4 text-center">
          <p>Your cart is empty.</p>
          <ButtonLink to="/products" variant="secondary" className="mt-3">
            Continue Shopping
          </ButtonLink>
        </div>
      ) : (
        <dl aria-label="Order summary">
          <Row label="Items" value={String(s.itemCount)} />
          <Row label="Item total" value={formatKsh(s.itemsCents)} />
          <Row label="Shipping & Handling" value={formatKsh(s.shippingCents)} />
          <Row label="Before Tax" value={formatKsh(s.beforeTaxCents)} />
          <Row label="Tax Collected (VAT 16%)" value={formatKsh(s.vatCents)} />
          <Row label="Order Total" value={formatKsh(s.totalCents)} strong />
        </dl>
      )}
      {mpesa && !empty ? (
        <MpesaCheckout totalCents={s.totalCents} onBack={() => setMpesa(false)} />
      ) : (
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={paying}>
            Back
          </Button>
          {/* Every configured method, M-Pesa first (DESIGN.md, "Payments"). */}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              onClick={() => setMpesa(true)}
              disabled={empty || paying}
              className="bg-emerald-700 hover:bg-emerald-800"
            >
              {MPESA_MESSAGES.payWithMpesa}
            </Button>
            <Button onClick={pay} disabled={empty || paying}>
              {paying ? 'Redirecting to PayPal...' : MPESA_MESSAGES.payWithPaypal}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

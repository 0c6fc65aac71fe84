// Shown on /cart when the shopper comes back from the payment page without paying
// (/cart?payment=cancelled&paymentId=…): the order's stock reservation is released at once.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cancelPayment } from '../api/checkout-api.ts';
import { useCheckoutText } from '../text.ts';

export function PaymentCancelledNotice() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const cancelled = params.get('payment') === 'cancelled';
  // PayPal's Orders API names the payment `token`; our sandbox names it `paymentId`.
  const paymentId = params.get('paymentId') ?? params.get('token');
  const [failed, setFailed] = useState(false);
  const t = useCheckoutText();
  const sent = useRef(false);

  useEffect(() => {
    if (!cancelled || !paymentId || sent.current) return;
    sent.current = true;
    cancelPayment(paymentId)
      .then(() => queryClient.invalidateQueries({ queryKey: ['orders'] }))
      .catch(() => setFailed(true)); // the reservation then ends when the order expires
  }, [cancelled, paymentId, queryClient]);

  if (!cancelled) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {t('paymentCancelled.text')}
      {failed && ` ${t('paymentCancelled.stillReserved')}`}
    </p>
  );
}

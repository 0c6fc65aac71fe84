// Where one of the shopper's payments stands, for the waiting screen and the order pages. What a
// method adds to it (Paybill's figures, M-Pesa's words) comes from its traits (methods.ts).
import type { PaymentStatusView } from '@duka/domain';
import { notFound } from '../lib/http-error.ts';
import type { Payments } from './context.ts';
import { traitsOf } from './methods.ts';
import type { PaymentMethodTraits } from './provider.ts';
import * as repo from './repo.ts';

/** Someone else's payment is answered exactly like a missing one. */
export async function paymentStatus(
  p: Payments,
  userId: number,
  paymentId: string,
): Promise<PaymentStatusView> {
  const row = await repo.ownPayment(p.db, userId, paymentId);
  if (!row) throw notFound('This payment');
  const payment = row.payment;
  const traits = traitsOf(payment.method);
  const provider = p.providers.byName(payment.provider);
  const status =
    payment.status === 'captured' || payment.status === 'refunded'
      ? 'paid'
      : payment.status === 'created' || payment.status === 'capturing'
        ? 'pending'
        : 'failed';
  const view: PaymentStatusView = {
    status,
    method: traits.statusMethod,
    order_id: payment.orderId,
    amount: payment.amountCents,
  };
  traits.statusExtras?.(view, payment, provider);
  if (status === 'paid') {
    const receipt = payment.transactionId ?? traits.receiptWhilePending;
    if (receipt) view.receipt = receipt;
  }
  if (status === 'failed')
    view.message = failureMessage(payment.status, payment.failureReason, traits);
  if (status === 'pending') {
    const page = provider?.sandboxPage?.waitingUrl?.(paymentId);
    if (page) view.sandbox_phone_url = page;
  }
  return view;
}

function failureMessage(status: string, reason: string | null, traits: PaymentMethodTraits) {
  if (status === 'failed') return reason ?? traits.failedMessage;
  // Closed before it was paid: by a newer checkout, an administrator, or the clock.
  return `This payment was closed (${reason ?? status}). Please start again from your cart.`;
}

/** The order's transaction id: the provider's receipt, or what stands for one still to come. */
export function transactionIdOf(payment: repo.PaymentRow): string | null {
  if (payment.transactionId) return payment.transactionId;
  if (payment.status !== 'captured') return null;
  return traitsOf(payment.method).transactionIdWhilePending ?? null;
}

// Where one of the shopper's payments stands, for the waiting screen and the order pages.
import { MPESA_MESSAGES, type PaymentStatusView } from '@duka/domain';
import { notFound } from '../lib/http-error.ts';
import type { Payments } from './context.ts';
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
  const isMpesa = payment.method === 'mpesa' || payment.method === 'mpesa_paybill';
  const status =
    payment.status === 'captured' || payment.status === 'refunded'
      ? 'paid'
      : payment.status === 'created' || payment.status === 'capturing'
        ? 'pending'
        : 'failed';
  const view: PaymentStatusView = {
    status,
    method: payment.method === 'mpesa_paybill' ? 'mpesa_paybill' : isMpesa ? 'mpesa' : 'paypal',
    order_id: payment.orderId,
    amount: payment.amountCents,
  };
  if (payment.method === 'mpesa_paybill') {
    const provider = p.providers.byName(payment.provider);
    if (status === 'pending' && provider?.instructions) {
      view.paybill = provider.instructions(
        payment.orderId,
        payment.amountCents - payment.receivedCents,
      );
    }
    view.received = payment.receivedCents;
    if (payment.overpaidCents > 0) view.overpaid = payment.overpaidCents;
  }
  if (status === 'paid') {
    const receipt = payment.transactionId ?? (isMpesa ? MPESA_MESSAGES.receiptToBeConfirmed : null);
    if (receipt) view.receipt = receipt;
  }
  if (status === 'failed')
    view.message = failureMessage(payment.status, payment.failureReason, isMpesa);
  if (status === 'pending') {
    const page = p.providers.byName(payment.provider)?.sandboxPage?.waitingUrl?.(paymentId);
    if (page) view.sandbox_phone_url = page;
  }
  return view;
}

function failureMessage(status: string, reason: string | null, isMpesa: boolean): string {
  if (status === 'failed') {
    return reason ?? (isMpesa ? MPESA_MESSAGES.failed : 'The payment failed.');
  }
  // Closed before it was paid: by a newer checkout, an administrator, or the clock.
  return `This payment was closed (${reason ?? status}). Please start again from your cart.`;
}

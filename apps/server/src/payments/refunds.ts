// Giving captured money back through the provider that took it, where it has an API for it
// (PayPal's capture refund, Daraja's transaction reversal, the sandboxes), or recording a refund a
// person made by hand with its reference. No lock is held while a provider answers
// (CONVENTIONS.md 15): each payment is refunded, then recorded in a short transaction; a second
// attempt skips what was already refunded.
import { found, HttpError, unprocessable } from '../lib/http-error.ts';
import type { Payments } from './context.ts';
import { recordEvents } from './events-repo.ts';
import type { RefundOutcome } from './provider.ts';
import * as repo from './repo.ts';
import type { AuditTrail } from '../audit/trail.ts';

/** A payment whose money must go back while its order stands (it was paid twice). */
export async function refundPayment(
  p: Payments,
  paymentId: number,
  manualReference: string | undefined,
  baseUrl: string,
  audit?: AuditTrail,
): Promise<void> {
  const payment = found(await repo.findById(p.db, paymentId), `The payment ${paymentId}`);
  if (payment.status !== 'captured' || !payment.refundDue) {
    throw unprocessable(
      'Only a payment marked refund due is refunded on its own; refund an order by moving it to refunded.',
      'NOT_REFUND_DUE',
    );
  }
  await refundOne(p, payment, manualReference, baseUrl, audit);
}

/** Gives one captured payment back, or records the refund made by hand. */
export async function refundOne(
  p: Payments,
  payment: repo.PaymentRow,
  manualReference: string | undefined,
  baseUrl: string,
  audit?: AuditTrail,
): Promise<void> {
  const outcome: RefundOutcome = manualReference
    ? { kind: 'refunded', reference: manualReference, log: [] }
    : await atProvider(p, payment, baseUrl);
  if (outcome.kind === 'by-hand') {
    throw unprocessable(
      `The payment ${payment.transactionId ?? payment.providerPaymentId} cannot be refunded from here. ` +
        'Refund it by hand, then give the refund’s reference.',
      'REFUND_BY_HAND',
    );
  }
  await p.db.transaction(async (tx) => {
    const { payment: current } = await repo.lockWithOrder(tx, payment.id);
    await recordEvents(tx, payment.id, outcome.log);
    if (outcome.kind === 'failed') return;
    if (current.status !== 'captured') return; // refunded meanwhile
    const refundReference = manualReference ? `by hand: ${manualReference}` : outcome.reference;
    await repo.updatePayment(tx, payment.id, {
      status: 'refunded',
      refundDue: false,
      refundedAt: new Date(),
      refundReference,
    });
    await audit?.record(tx, {
      action: 'payment.refund',
      entity: 'payment',
      entityId: payment.id,
      before: { status: current.status, amount_cents: payment.amountCents },
      after: {
        status: 'refunded',
        amount_cents: payment.amountCents,
        refund_reference: refundReference,
      },
    });
  });
  if (outcome.kind === 'failed') {
    throw new HttpError(
      502,
      'REFUND_FAILED',
      `The provider did not refund the payment: ${outcome.reason}. Nothing was changed; try again, or refund it by hand.`,
      undefined,
      undefined,
      { cause: new Error(outcome.reason) },
    );
  }
}

/** Only the provider that took the payment can give it back, and only if it has a way to. */
async function atProvider(
  p: Payments,
  payment: repo.PaymentRow,
  baseUrl: string,
): Promise<RefundOutcome> {
  const provider = p.providers.byName(payment.provider);
  if (!provider?.refund) return { kind: 'by-hand' };
  return provider.refund({
    paymentId: payment.id,
    providerPaymentId: payment.providerPaymentId,
    orderId: payment.orderId,
    transactionId: payment.transactionId,
    amountCents: payment.amountCents,
    baseUrl,
  });
}

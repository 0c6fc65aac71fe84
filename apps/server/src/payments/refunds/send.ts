// Sending a requested refund to its provider (decision record 029) without holding a database
// lock meanwhile (CONVENTIONS.md 15): claim it, call, record. The call carries the refund's key
// for this attempt, so asking again after a lost answer never pays twice; an answer that did not
// come leaves the refund 'sent', to be asked about again.
import type { Payments } from '../context.ts';
import { PaymentProviderError, type RefundOutcome, type RefundRequest } from '../provider.ts';
import * as payments from '../repo.ts';
import * as repo from './repo.ts';
import { confirmRefund, failRefund } from './settle.ts';

/** A refund sent and not answered is asked about again after this long. */
export const REFUND_QUERY_AFTER_MS = 60_000;

async function claim(p: Payments, refundId: number) {
  return p.db.transaction(async (tx) => {
    const refund = await repo.lockRefund(tx, refundId);
    if (!refund || refund.status !== 'requested' || refund.sentAt !== null) return null;
    await repo.updateRefund(tx, refund.id, { sentAt: new Date() });
    return refund;
  });
}

/** Calls the provider of a refund's payment; what it said, as a tagged result. */
export async function askProvider(
  p: Payments,
  refund: repo.RefundRow,
  baseUrl: string,
  call?: (request: RefundRequest) => Promise<RefundOutcome>,
): Promise<RefundOutcome> {
  const payment = refund.paymentId ? await payments.findById(p.db, refund.paymentId) : undefined;
  // Money that matched no payment goes back the way the refund says (an unmatched M-Pesa
  // payment: by M-Pesa's B2C).
  const provider = payment
    ? p.providers.byName(payment.provider)
    : p.providers.all().find((x) => x.refundMethod === refund.method);
  if (!provider?.refund) return { kind: 'by-hand' };
  // In the currency the provider charged: this refund's share of the payment, so that refunds
  // of all of it add up to exactly what was charged.
  const settlement =
    payment && payment.settlementCurrency !== 'KES' && payment.receivedCents > 0
      ? (() => {
          const before = payment.refundedCents - refund.amountCents;
          const share = (cents: number) =>
            Math.round((cents * payment.settlementAmountMinor) / payment.receivedCents);
          return {
            currency: payment.settlementCurrency,
            minor: share(before + refund.amountCents) - share(before),
          };
        })()
      : null;
  try {
    const send = call ?? ((request: RefundRequest) => provider.refund!(request));
    return await send({
      refundId: refund.id,
      requestKey: refund.requestKey,
      paymentId: payment?.id ?? null,
      providerPaymentId: payment?.providerPaymentId ?? null,
      orderId: refund.orderId,
      transactionId: payment?.transactionId ?? null,
      amountCents: refund.amountCents,
      settlement,
      phone: refund.phone,
      reason: refund.reason,
      baseUrl,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    // No usable answer: whether the money went is not known yet.
    return { kind: 'unknown', reason: err.message, log: [] };
  }
}

/** Records what the provider said about a refund, in a short transaction. */
export async function recordOutcome(p: Payments, refundId: number, outcome: RefundOutcome) {
  await p.db.transaction(async (tx) => {
    switch (outcome.kind) {
      case 'refunded':
        await confirmRefund(p, tx, refundId, { reference: outcome.reference, log: outcome.log });
        return;
      case 'failed':
        await failRefund(p, tx, refundId, outcome.reason, outcome.log);
        return;
      case 'by-hand':
        await failRefund(p, tx, refundId, 'This payment cannot be refunded through its provider.');
        return;
      case 'sent':
      case 'unknown': {
        const refund = (await repo.lockRefund(tx, refundId))!;
        if (refund.status !== 'requested' && refund.status !== 'sent') return;
        await repo.updateRefund(tx, refundId, {
          status: 'sent',
          ...(outcome.kind === 'sent' ? { providerRef: outcome.providerRef } : {}),
          failure: outcome.kind === 'unknown' ? `no answer yet: ${outcome.reason}` : null,
          nextQueryAt: new Date(Date.now() + REFUND_QUERY_AFTER_MS),
        });
      }
    }
  });
}

/** Sends a requested refund once; answers the refund as it stands afterwards. */
export async function sendRefund(p: Payments, refundId: number): Promise<repo.RefundRow> {
  const claimed = await claim(p, refundId);
  if (claimed) await recordOutcome(p, refundId, await askProvider(p, claimed, p.publicUrl));
  return (await repo.findRefund(p.db, refundId))!;
}

// Settling a payment with the result its provider gave, from a callback or the query API, in the
// caller's short transaction. Each step is safe to repeat: a success is applied once (by the
// provider's reference and by receipt number), a failure never overwrites a success, and a
// success always overwrites a failure (the money moved). Each returns a tagged result; `noteOf`
// writes it down for the payment's record.
import { MPESA_MESSAGES, mpesaResultMessage } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import type { ApplyToOrder, OrderEffect } from './context.ts';
import { addReference, enterReceived } from './ledger.ts';
import * as payments from './repo.ts';

export interface Success {
  /** The provider's reference of the request (Daraja's CheckoutRequestID). */
  reference: string;
  /** Null when only the query API said paid: the receipt is to be confirmed by a callback. */
  receipt: string | null;
  paidAt: Date;
  resultDesc: string;
}

export interface Failure {
  reference: string;
  resultCode: number;
  resultDesc: string;
}

export type Settlement =
  /** The money arrived; what the order did about it. */
  | { kind: 'paid'; effect: OrderEffect; orderStatus: string }
  | { kind: 'failed' }
  /** Paid already; this success only brought the receipt. */
  | { kind: 'receipt-recorded' }
  | { kind: 'duplicate'; of: 'paid' | 'failed' }
  /** A failure after a success: the money moved, so the failure is not believed. */
  | { kind: 'ignored' }
  /** Not this payment's to settle (another payment's receipt, a wrong amount…). */
  | { kind: 'rejected'; reason: string; paidOrderId?: number }
  /** No answer will come: the payment is closed as failed. */
  | { kind: 'given-up'; reason: string }
  /** Still waiting for the shopper, or for an answer. */
  | { kind: 'waiting'; reason: string }
  | { kind: 'nothing-to-do' };

/** The line kept on the payment's record for a settlement. */
export function noteOf(settlement: Settlement): string {
  switch (settlement.kind) {
    case 'paid':
      switch (settlement.effect) {
        case 'paid':
          return 'applied: order paid';
        case 'revived':
          return 'applied: order revived and paid';
        case 'refund-due':
          return 'applied: refund due (stock gone)';
        default:
          return `applied: refund due (order already ${settlement.orderStatus})`;
      }
    case 'failed':
      return 'applied: failed';
    case 'receipt-recorded':
      return 'receipt recorded';
    case 'duplicate':
      return `duplicate: already ${settlement.of}`;
    case 'ignored':
      return 'ignored: a failure never overwrites a success';
    case 'rejected':
      return `rejected: ${settlement.reason}`;
    case 'given-up':
    case 'waiting':
      return settlement.reason;
    case 'nothing-to-do':
      return 'nothing to do';
  }
}

/** True when this settlement changed what the payment says happened. */
export const settledNow = (s: Settlement) => s.kind === 'paid' || s.kind === 'failed';

const settled = (status: string) => status === 'captured' || status === 'refunded';

export async function settleSuccess(
  tx: Tx,
  applyToOrder: ApplyToOrder,
  paymentId: number,
  success: Success,
): Promise<Settlement> {
  const { order, payment } = await payments.lockWithOrder(tx, paymentId);
  if (settled(payment.status)) {
    if (success.receipt && !payment.transactionId) {
      if (!(await addReference(tx, payment.id, success.receipt))) {
        return {
          kind: 'rejected',
          reason: `receipt ${success.receipt} already paid another order`,
        };
      }
      await payments.updatePayment(tx, payment.id, { transactionId: success.receipt });
      return { kind: 'receipt-recorded' };
    }
    return { kind: 'duplicate', of: 'paid' };
  }
  // One reference pays one order, whichever method brought it (the database holds it to that).
  const entered = await enterReceived(tx, {
    orderId: order.id,
    paymentId: payment.id,
    method: payment.method,
    reference: success.receipt,
    amountCents: payment.amountCents,
    at: success.paidAt,
  });
  if (!entered.ok) {
    return {
      kind: 'rejected',
      reason: `receipt ${success.receipt} already paid order ${entered.orderId}`,
      paidOrderId: entered.orderId,
    };
  }
  // Recorded before the order hears of it: the confirmation it sends names the receipt.
  await payments.updatePayment(tx, payment.id, {
    status: 'captured',
    transactionId: success.receipt,
    capturedAt: success.paidAt,
    resultCode: 0,
    resultDesc: success.resultDesc,
    failureReason: null,
    nextQueryAt: null,
    checkoutRequestId: payment.checkoutRequestId ?? success.reference,
  });
  const effect = await applyToOrder(tx, order, { kind: 'paid', at: success.paidAt });
  if (effect === 'refund-due' || effect === 'already-settled') {
    // Paid, but the order could not take it: the money goes back.
    await payments.updatePayment(tx, payment.id, { refundDue: true });
  }
  return { kind: 'paid', effect, orderStatus: order.status };
}

/**
 * A request the shopper did not pay (cancelled, timed out, wrong PIN): the payment failed, but the
 * order stays awaiting payment with its stock held until its time runs out, so 'Try again' or the
 * Paybill pay the same order (decision record 018).
 */
export async function settleFailure(
  tx: Tx,
  paymentId: number,
  failure: Failure,
): Promise<Settlement> {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
  if (settled(payment.status)) return { kind: 'ignored' };
  if (payment.resultCode !== null) return { kind: 'duplicate', of: 'failed' };
  await payments.updatePayment(tx, payment.id, {
    // A payment closed meanwhile (a newer checkout, expiry) keeps saying why it was closed.
    ...(payment.status === 'created'
      ? { status: 'failed' as const, failureReason: mpesaResultMessage(failure.resultCode) }
      : {}),
    resultCode: failure.resultCode,
    resultDesc: failure.resultDesc,
    nextQueryAt: null,
    checkoutRequestId: payment.checkoutRequestId ?? failure.reference,
  });
  return { kind: 'failed' };
}

/**
 * A push whose answer never came back, and no callback since: after this long it was not sent
 * (or the shopper did not answer). A callback that still comes is applied all the same.
 */
export async function settleLostPush(tx: Tx, paymentId: number): Promise<Settlement> {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
  if (payment.checkoutRequestId !== null || payment.nextQueryAt === null) {
    return { kind: 'nothing-to-do' };
  }
  await payments.updatePayment(tx, payment.id, {
    nextQueryAt: null,
    ...(payment.status === 'created'
      ? { status: 'failed' as const, failureReason: MPESA_MESSAGES.notAnswering }
      : {}),
  });
  return { kind: 'given-up', reason: 'no answer to the push and no callback: failed' };
}

/** The provider took the request: remember its references and when to ask for the result. */
export async function recordRequestAccepted(
  tx: Tx,
  paymentId: number,
  ids: { reference: string; merchantReference: string },
  nextQueryAt: Date,
) {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
  const final = payment.resultCode !== null || settled(payment.status);
  await payments.updatePayment(tx, payment.id, {
    // A callback that came before this answer has already named the request.
    checkoutRequestId: payment.checkoutRequestId ?? ids.reference,
    merchantRequestId: ids.merchantReference,
    nextQueryAt: final ? null : nextQueryAt,
  });
}

/** The provider would not start the payment, or could not be reached: it failed. */
export async function recordStartFailed(tx: Tx, paymentId: number, reason: string) {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
  if (payment.status !== 'created' || payment.resultCode !== null) return;
  await payments.updatePayment(tx, payment.id, {
    status: 'failed',
    failureReason: reason,
    nextQueryAt: null,
  });
}

/** Ask the query API again later, unless the result came meanwhile. */
export async function queryAgainAt(tx: Tx, paymentId: number, at: Date) {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
  if (payment.nextQueryAt !== null) {
    await payments.updatePayment(tx, payment.id, { nextQueryAt: at });
  }
}

/** The provider never gave a final answer: stop asking. A callback that still comes is applied. */
export async function giveUp(tx: Tx, paymentId: number): Promise<Settlement> {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
  if (payment.nextQueryAt === null) return { kind: 'nothing-to-do' };
  await payments.updatePayment(tx, payment.id, {
    nextQueryAt: null,
    ...(payment.status === 'created'
      ? { status: 'failed' as const, failureReason: MPESA_MESSAGES.failed }
      : {}),
  });
  return { kind: 'given-up', reason: 'no final answer from Daraja after a day: stopped asking' };
}

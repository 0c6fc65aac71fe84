// Settling a payment with the result its provider gave, from a callback or the query API, in the
// caller's short transaction. Each step is safe to repeat: a success is applied once (by the
// provider's reference and by receipt number), a failure never overwrites a success, and a
// success always overwrites a failure (the money moved). Each returns a tagged result; `noteOf`
// writes it down for the payment's record. What a failure tells the shopper is its method's
// (methods.ts: M-Pesa's words for M-Pesa's results).
import type { Tx } from '../db/client.ts';
import type { ApplyToOrder, OrderEffect } from './context.ts';
import { addReference, enterReceived } from './ledger.ts';
import { traitsOf } from './methods.ts';
import { settlePartPayments } from './part-payments.ts';
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

/** Money a provider says came in for one of the shop's payments. */
export interface Received {
  /** The provider's reference of the money (M-Pesa receipt, PayPal capture id); null if not known yet. */
  reference: string | null;
  amountCents: number;
  paidAt: Date;
  /** What else the provider told about this payment, recorded when it is paid in full. */
  details?: Partial<payments.PaymentRow>;
}

export type ReceivedOutcome =
  /** Paid in full now; `overpaidCents` came in over what it asked (due back). */
  | { kind: 'paid'; effect: OrderEffect; orderStatus: string; overpaidCents: number }
  /** Less than asked so far: `balanceCents` is still due. */
  | { kind: 'partly-paid'; balanceCents: number }
  /** Its reference was received before: it paid `paidOrderId` (through `paidPaymentId`). */
  | { kind: 'rejected'; reason: string; paidOrderId: number };

/**
 * The one way money that came in is recorded (decision record 029), whoever brought it: a push's
 * callback or query, a Paybill/Till confirmation, a PayPal capture, cash or M-Pesa collected at the
 * door. In the caller's transaction, the payment and its order locked: the money is entered in the
 * order's account once (by its reference), added to what the payment received, and when that
 * reaches what the payment asks, the payment is captured and its order told.
 */
export async function settleReceived(
  tx: Tx,
  applyToOrder: ApplyToOrder,
  paymentId: number,
  money: Received,
): Promise<ReceivedOutcome> {
  const { order, payment } = await payments.lockWithOrder(tx, paymentId);
  // One reference pays one order, whichever method brought it (the database holds it to that).
  const entered = await enterReceived(tx, {
    orderId: order.id,
    paymentId: payment.id,
    method: payment.method,
    reference: money.reference,
    amountCents: money.amountCents,
    at: money.paidAt,
  });
  if (!entered.ok) {
    return {
      kind: 'rejected',
      reason: `receipt ${money.reference} already paid order ${entered.orderId}`,
      paidOrderId: entered.orderId,
    };
  }
  const received = payment.receivedCents + money.amountCents;
  if (received < payment.amountCents) {
    await payments.updatePayment(tx, payment.id, { receivedCents: received });
    return { kind: 'partly-paid', balanceCents: payment.amountCents - received };
  }
  const overpaidCents = received - payment.amountCents;
  // Recorded before the order hears of it: the confirmation it sends names the receipt.
  await payments.updatePayment(tx, payment.id, {
    ...money.details,
    status: 'captured',
    transactionId: money.reference,
    capturedAt: money.paidAt,
    receivedCents: received,
    overpaidCents,
    refundDue: overpaidCents > 0,
    nextQueryAt: null,
  });
  const effect = await applyToOrder(tx, order, { kind: 'paid', at: money.paidAt });
  // Part paid from the M-Pesa menu before another payment paid the rest: that part is kept too.
  if (effect === 'paid') await settlePartPayments(tx, order.id, money.paidAt);
  if (effect === 'refund-due' || effect === 'already-settled') {
    // Paid, but the order could not take it: the money goes back.
    await payments.updatePayment(tx, payment.id, { refundDue: true });
  }
  return { kind: 'paid', effect, orderStatus: order.status, overpaidCents };
}

/** A push's (or the query API's) success: the payment's whole amount came in. */
export async function settleSuccess(
  tx: Tx,
  applyToOrder: ApplyToOrder,
  paymentId: number,
  success: Success,
): Promise<Settlement> {
  const { payment } = await payments.lockWithOrder(tx, paymentId);
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
  const outcome = await settleReceived(tx, applyToOrder, paymentId, {
    reference: success.receipt,
    amountCents: payment.amountCents - payment.receivedCents,
    paidAt: success.paidAt,
    details: {
      resultCode: 0,
      resultDesc: success.resultDesc,
      failureReason: null,
      checkoutRequestId: payment.checkoutRequestId ?? success.reference,
    },
  });
  if (outcome.kind === 'rejected') return outcome;
  if (outcome.kind === 'partly-paid') throw new Error('a whole payment was short');
  return { kind: 'paid', effect: outcome.effect, orderStatus: outcome.orderStatus };
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
  const traits = traitsOf(payment.method);
  const failureReason = traits.resultMessage?.(failure.resultCode) ?? traits.failedMessage;
  await payments.updatePayment(tx, payment.id, {
    // A payment closed meanwhile (a newer checkout, expiry) keeps saying why it was closed.
    ...(payment.status === 'created' ? { status: 'failed' as const, failureReason } : {}),
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
      ? { status: 'failed' as const, failureReason: unanswered(payment.method) }
      : {}),
  });
  return { kind: 'given-up', reason: 'no answer to the push and no callback: failed' };
}

/** What a request that never got an answer tells the shopper. */
function unanswered(method: string): string {
  const traits = traitsOf(method);
  return traits.unansweredMessage ?? traits.failedMessage;
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
      ? { status: 'failed' as const, failureReason: traitsOf(payment.method).failedMessage }
      : {}),
  });
  return { kind: 'given-up', reason: 'no final answer from Daraja after a day: stopped asking' };
}

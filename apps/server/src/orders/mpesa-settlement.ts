// Settling an M-Pesa payment with the result Daraja gave, from a callback or the query API, in the
// caller's short transaction. Each step is safe to repeat: a success is applied once (by
// CheckoutRequestID and by receipt number), a failure never overwrites a success, and a success
// always overwrites a failure (the money moved). Returns what was done, for the payment's record.
import { MPESA_MESSAGES, mpesaResultMessage } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import * as payments from '../payments/repo.ts';
import * as mpesa from '../payments/mpesa/repo.ts';
import * as repo from './repo.ts';
import { reviveOrRefund } from './revive.ts';
import { cancelUnpaidOrder, markOrderPaid } from './service.ts';

export interface StkSuccess {
  checkoutRequestId: string;
  /** Null when only the query API said paid: the receipt is to be confirmed by a callback. */
  receipt: string | null;
  paidAt: Date;
  resultDesc: string;
}

export interface StkFailure {
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
}

/** The order locked, then the payment read again under that lock. */
async function lockBoth(tx: Tx, paymentId: number) {
  const { orderId } = (await payments.findById(tx, paymentId))!;
  const order = (await repo.lockOrder(tx, orderId))!;
  const payment = (await payments.findById(tx, paymentId))!;
  return { order, payment };
}

const settled = (status: string) => status === 'captured' || status === 'refunded';

export async function settleSuccess(tx: Tx, paymentId: number, success: StkSuccess) {
  const { order, payment } = await lockBoth(tx, paymentId);
  if (settled(payment.status)) {
    if (success.receipt && !payment.transactionId) {
      await payments.updatePayment(tx, payment.id, { transactionId: success.receipt });
      return 'receipt recorded';
    }
    return 'duplicate: already paid';
  }
  if (success.receipt) {
    const other = await mpesa.findByReceipt(tx, success.receipt);
    if (other) return `rejected: receipt ${success.receipt} already settled payment ${other.id}`;
  }
  const values = {
    status: 'captured' as const,
    transactionId: success.receipt,
    capturedAt: success.paidAt,
    resultCode: 0,
    resultDesc: success.resultDesc,
    failureReason: null,
    nextQueryAt: null,
    checkoutRequestId: payment.checkoutRequestId ?? success.checkoutRequestId,
  };
  if (order.status === 'pending_payment') {
    await payments.updatePayment(tx, payment.id, values);
    await markOrderPaid(tx, order, success.paidAt);
    return 'applied: order paid';
  }
  if (order.status === 'cancelled') {
    // Cancelled or expired while the shopper was paying.
    const revived = await reviveOrRefund(tx, order, success.paidAt);
    await payments.updatePayment(tx, payment.id, { ...values, refundDue: !revived });
    return revived ? 'applied: order revived and paid' : 'applied: refund due (stock gone)';
  }
  // Paid already by another payment, or further along: this money must go back.
  await payments.updatePayment(tx, payment.id, { ...values, refundDue: true });
  return `applied: refund due (order already ${order.status})`;
}

export async function settleFailure(tx: Tx, paymentId: number, failure: StkFailure) {
  const { order, payment } = await lockBoth(tx, paymentId);
  if (settled(payment.status)) return 'ignored: a failure never overwrites a success';
  if (payment.resultCode !== null) return 'duplicate: already failed';
  await payments.updatePayment(tx, payment.id, {
    // A payment closed meanwhile (a newer checkout, expiry) keeps saying why it was closed.
    ...(payment.status === 'created'
      ? { status: 'failed' as const, failureReason: mpesaResultMessage(failure.resultCode) }
      : {}),
    resultCode: failure.resultCode,
    resultDesc: failure.resultDesc,
    nextQueryAt: null,
    checkoutRequestId: payment.checkoutRequestId ?? failure.checkoutRequestId,
  });
  if (payment.status === 'created' && order.status === 'pending_payment') {
    // Like a declined card: the stock goes back now; the cart keeps the items for 'Try again'.
    await cancelUnpaidOrder(tx, order.id, { status: 'cancelled', reason: 'M-Pesa payment failed' });
  }
  return 'applied: failed';
}

/**
 * A push whose answer never came back, and no callback since: after this long it was not sent
 * (or the shopper did not answer). A callback that still comes is applied all the same.
 */
export async function settleLostPush(tx: Tx, paymentId: number) {
  const { payment } = await lockBoth(tx, paymentId);
  if (payment.checkoutRequestId !== null || payment.nextQueryAt === null) return 'nothing to do';
  await payments.updatePayment(tx, payment.id, {
    nextQueryAt: null,
    ...(payment.status === 'created'
      ? { status: 'failed' as const, failureReason: MPESA_MESSAGES.notAnswering }
      : {}),
  });
  return 'no answer to the push and no callback: failed';
}

/** Daraja accepted the push: remember its ids and when to ask for the result. */
export async function recordPushAccepted(
  tx: Tx,
  paymentId: number,
  ids: { checkoutRequestId: string; merchantRequestId: string },
  nextQueryAt: Date,
) {
  const { payment } = await lockBoth(tx, paymentId);
  const final = payment.resultCode !== null || settled(payment.status);
  await payments.updatePayment(tx, payment.id, {
    // A callback that came before this answer has already named the request.
    checkoutRequestId: payment.checkoutRequestId ?? ids.checkoutRequestId,
    merchantRequestId: ids.merchantRequestId,
    nextQueryAt: final ? null : nextQueryAt,
  });
}

/** Daraja would not send the push, or could not be reached: the order stays payable. */
export async function recordPushFailed(tx: Tx, paymentId: number, reason: string) {
  const { payment } = await lockBoth(tx, paymentId);
  if (payment.status !== 'created' || payment.resultCode !== null) return;
  await payments.updatePayment(tx, payment.id, {
    status: 'failed',
    failureReason: reason,
    nextQueryAt: null,
  });
}

/** Ask the query API again later, unless the result came meanwhile. */
export async function queryAgainAt(tx: Tx, paymentId: number, at: Date) {
  const { payment } = await lockBoth(tx, paymentId);
  if (payment.nextQueryAt !== null)
    await payments.updatePayment(tx, payment.id, { nextQueryAt: at });
}

/** Daraja never gave a final answer: stop asking. A callback that still comes is applied. */
export async function giveUp(tx: Tx, paymentId: number) {
  const { payment } = await lockBoth(tx, paymentId);
  if (payment.nextQueryAt === null) return 'nothing to do';
  await payments.updatePayment(tx, payment.id, {
    nextQueryAt: null,
    ...(payment.status === 'created'
      ? { status: 'failed' as const, failureReason: MPESA_MESSAGES.failed }
      : {}),
  });
  return 'no final answer from Daraja after a day: stopped asking';
}

// Executing a payment the shopper approved at a redirect provider (PayPal, the sandbox), without
// holding a database lock across the call to the provider (CONVENTIONS.md 15): record the intent,
// call, then finish in a short transaction that is safe to repeat. A capture interrupted in
// between (a crash, a lost answer) is finished by the next attempt or by the expiry job: the
// provider's capture is idempotent by request id.
import type { Db, Tx } from '../db/client.ts';
import { conflict, HttpError, notFound } from '../lib/http-error.ts';
import type { Payments } from './context.ts';
import { PaymentProviderError, type ExecuteOutcome } from './provider.ts';
import * as repo from './repo.ts';
import { settleReceived } from './settlement.ts';

/** A capture started this long ago without finishing was interrupted; the next attempt takes over. */
export const CAPTURE_STALE_MS = 2 * 60_000;

export type CaptureOutcome =
  | { kind: 'paid'; orderId: number }
  | { kind: 'processing'; orderId: number }
  | { kind: 'declined'; orderId: number; reason: string }
  | { kind: 'closed'; orderId: number; status: repo.OrderRow['status'] };

export interface CaptureOptions {
  /** The payer id the provider's return carried (PayPal, sandbox). */
  payerId?: string | undefined;
  now?: Date;
  keepClaimOnError?: boolean;
}

type Claim = CaptureOutcome | { kind: 'claimed'; payment: repo.PaymentRow };

/** Step 1: mark the payment as capturing, unless it is settled, closed or already in flight. */
async function claim(
  db: Db,
  paymentId: number,
  payerId: string | undefined,
  now: Date,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { order, payment } = await repo.lockWithOrder(tx, paymentId);
    const orderId = order.id;
    if (payment.status === 'captured') return { kind: 'paid', orderId };
    if (payment.status === 'capturing') {
      const startedAt = payment.captureStartedAt?.getTime() ?? 0;
      if (now.getTime() - startedAt < CAPTURE_STALE_MS) return { kind: 'processing', orderId };
    } else if (order.status !== 'pending_payment' || payment.status !== 'created') {
      return { kind: 'closed', orderId, status: order.status };
    }
    const claimed = {
      status: 'capturing' as const,
      captureStartedAt: now,
      payerId: payerId ?? payment.payerId,
    };
    await repo.updatePayment(tx, paymentId, claimed);
    return { kind: 'claimed', payment: { ...payment, ...claimed } };
  });
}

/** Step 3: record what the provider said, if nobody has meanwhile. */
async function finish(
  p: Payments,
  tx: Tx,
  claimed: repo.PaymentRow,
  result: ExecuteOutcome,
): Promise<CaptureOutcome> {
  const { order, payment } = await repo.lockWithOrder(tx, claimed.id);
  if (payment.status === 'captured') return { kind: 'paid', orderId: order.id };
  if (payment.status !== 'capturing') {
    return { kind: 'closed', orderId: order.id, status: order.status };
  }
  if (result.kind === 'declined') {
    await repo.updatePayment(tx, payment.id, { status: 'failed', failureReason: result.reason });
    await p.applyToOrder(tx, order, { kind: 'failed', reason: 'payment declined' });
    return { kind: 'declined', orderId: order.id, reason: result.reason };
  }
  const outcome = await settleReceived(tx, p.applyToOrder, payment.id, {
    reference: result.transactionId,
    amountCents: payment.amountCents - payment.receivedCents,
    paidAt: result.capturedAt,
    details: { payerId: result.payerId ?? payment.payerId },
  });
  if (outcome.kind === 'rejected') {
    // A capture id the provider gave for another order already: the money is real, but it is
    // not this order's to keep until a person has looked.
    await repo.updatePayment(tx, payment.id, {
      status: 'captured',
      transactionId: result.transactionId,
      capturedAt: result.capturedAt,
      refundDue: true,
      attentionReason: outcome.reason,
      attentionReceipt: result.transactionId,
    });
    return {
      kind: 'declined',
      orderId: order.id,
      reason: 'This payment could not be matched to your order.',
    };
  }
  return { kind: 'paid', orderId: order.id };
}

/**
 * Captures a payment the shopper approved. However often it is asked, at once or one after
 * another, the provider is asked to capture by one caller at a time and the order is paid once;
 * a caller arriving while a capture is in flight is told 'processing'.
 */
export async function capturePayment(
  p: Payments,
  paymentId: number,
  options: CaptureOptions = {},
): Promise<CaptureOutcome> {
  const now = options.now ?? new Date();
  const claimed = await claim(p.db, paymentId, options.payerId, now);
  if (claimed.kind !== 'claimed') return claimed;
  const { payment } = claimed;
  const provider = p.providers.byName(payment.provider);
  if (!provider?.execute) {
    throw new Error(`payment ${payment.id}: its provider ${payment.provider} cannot execute it`);
  }
  let result;
  try {
    result = await provider.execute(payment.providerPaymentId, {
      requestId: `duka-capture-${payment.id}`,
      payerId: payment.payerId,
    });
  } catch (err) {
    // The outcome is unknown. The shopper's claim is let go so that a retry asks again at once
    // (the provider answers a repeated capture with the original one); the expiry job keeps its
    // claim, so the order cannot expire until the provider has answered.
    if (err instanceof PaymentProviderError && !options.keepClaimOnError) {
      await release(p.db, payment);
    }
    throw err;
  }
  return p.db.transaction((tx) => finish(p, tx, payment, result));
}

async function release(db: Db, claimed: repo.PaymentRow): Promise<void> {
  await db.transaction(async (tx) => {
    const { payment } = await repo.lockWithOrder(tx, claimed.id);
    if (
      payment.status === 'capturing' &&
      payment.captureStartedAt?.getTime() === claimed.captureStartedAt?.getTime()
    ) {
      await repo.updatePayment(tx, payment.id, { status: 'created', captureStartedAt: null });
    }
  });
}

/**
 * The shopper's own payment at a provider that executes approvals; someone else's, or one that is
 * not executed this way (an M-Pesa request), is answered exactly like one that does not exist.
 */
async function ownPayment(p: Payments, userId: number, providerPaymentId: string) {
  const found = await repo.ownPayment(p.db, userId, providerPaymentId);
  if (!found || !p.providers.byName(found.payment.provider)?.execute) {
    throw notFound('This payment');
  }
  return found.payment;
}

export type Executed = { orderId: number; processing: boolean };

/**
 * The shopper came back from the provider having approved: the payment is completed. Repeating it,
 * even at the same moment, never captures or creates anything twice; a return arriving while the
 * capture is in flight is told so.
 */
export async function executePayment(
  p: Payments,
  userId: number,
  providerPaymentId: string,
  payerId: string,
): Promise<Executed> {
  const payment = await ownPayment(p, userId, providerPaymentId);
  let outcome;
  try {
    outcome = await capturePayment(p, payment.id, { payerId });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw new HttpError(
        502,
        'PAYMENT_UNCONFIRMED',
        'We could not confirm your payment with the payment provider. Please try again in a moment.',
        undefined,
        undefined,
        { cause: err },
      );
    }
    throw err;
  }
  switch (outcome.kind) {
    case 'paid':
      return { orderId: outcome.orderId, processing: false };
    case 'processing':
      return { orderId: outcome.orderId, processing: true };
    case 'declined':
      throw new HttpError(
        402,
        'PAYMENT_DECLINED',
        `Your payment was not completed: ${outcome.reason} Your cart still has your items.`,
      );
    case 'closed':
      throw conflict(
        outcome.status === 'cancelled'
          ? 'This payment can no longer be completed: the order was cancelled or its time ran out. Your cart still has your items.'
          : 'This payment can no longer be completed.',
        'ORDER_NOT_PAYABLE',
      );
  }
}

/** The shopper came back from the provider without paying: the reservation is released now. */
export async function cancelPayment(
  p: Payments,
  userId: number,
  providerPaymentId: string,
): Promise<boolean> {
  const own = await ownPayment(p, userId, providerPaymentId);
  return p.db.transaction(async (tx) => {
    const { order, payment } = await repo.lockWithOrder(tx, own.id);
    if (payment.status !== 'created') return false;
    const effect = await p.applyToOrder(tx, order, {
      kind: 'failed',
      reason: 'cancelled by the shopper',
    });
    return effect === 'released';
  });
}

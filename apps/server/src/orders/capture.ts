// Capturing an approved payment without holding a database lock across the call to the provider
// (CONVENTIONS.md 15): record the intent, call, then finish in a short transaction that is safe to
// repeat. A capture interrupted in between (a crash, a lost answer) is finished by the next
// attempt or by the expiry job: the provider's capture is idempotent by request id.
import type { Db, Tx } from '../db/client.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider.ts';
import * as payments from '../payments/repo.ts';
import * as repo from './repo.ts';
import { cancelUnpaidOrder, markOrderPaid } from './service.ts';

/** A capture started this long ago without finishing was interrupted; the next attempt takes over. */
export const CAPTURE_STALE_MS = 2 * 60_000;

export interface CaptureDeps {
  db: Db;
  provider: PaymentProvider;
}

export type CaptureOutcome =
  | { kind: 'paid'; orderId: number }
  | { kind: 'processing'; orderId: number }
  | { kind: 'declined'; orderId: number; reason: string }
  | { kind: 'closed'; orderId: number; status: repo.OrderStatus };

export interface CaptureOptions {
  /** The payer id the provider's return carried (PayPal, sandbox). */
  payerId?: string | undefined;
  now?: Date;
  keepClaimOnError?: boolean;
}

type Claim = CaptureOutcome | { kind: 'claimed'; payment: payments.PaymentRow };

/** Step 1: mark the payment as capturing, unless it is settled, closed or already in flight. */
async function claim(
  db: Db,
  paymentId: number,
  payerId: string | undefined,
  now: Date,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { orderId } = (await payments.findById(tx, paymentId))!;
    const order = (await repo.lockOrder(tx, orderId))!;
    const payment = (await payments.findById(tx, paymentId))!;
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
    await payments.updatePayment(tx, paymentId, claimed);
    return { kind: 'claimed', payment: { ...payment, ...claimed } };
  });
}

/** Step 3: record what the provider said, if nobody has meanwhile. */
async function finish(
  tx: Tx,
  payment: payments.PaymentRow,
  result: Awaited<ReturnType<PaymentProvider['capturePayment']>>,
): Promise<CaptureOutcome> {
  const order = (await repo.lockOrder(tx, payment.orderId))!;
  const current = (await payments.findById(tx, payment.id))!;
  if (current.status === 'captured') return { kind: 'paid', orderId: order.id };
  if (current.status !== 'capturing')
    return { kind: 'closed', orderId: order.id, status: order.status };
  if (result.status === 'declined') {
    await payments.updatePayment(tx, payment.id, {
      status: 'failed',
      failureReason: result.reason,
    });
    await cancelUnpaidOrder(tx, order.id, { status: 'cancelled', reason: 'payment declined' });
    return { kind: 'declined', orderId: order.id, reason: result.reason };
  }
  await payments.updatePayment(tx, payment.id, {
    status: 'captured',
    transactionId: result.transactionId,
    payerId: result.payerId ?? current.payerId,
    capturedAt: result.capturedAt,
  });
  // Nothing else moves an order whose payment is capturing, so it is still awaiting payment.
  await markOrderPaid(tx, order, result.capturedAt);
  return { kind: 'paid', orderId: order.id };
}

/**
 * Captures a payment the shopper approved. However often it is asked, at once or one after
 * another, the provider is asked to capture by one caller at a time and the order is paid once;
 * a caller arriving while a capture is in flight is told 'processing'.
 */
export async function capturePayment(
  deps: CaptureDeps,
  paymentId: number,
  options: CaptureOptions = {},
): Promise<CaptureOutcome> {
  const now = options.now ?? new Date();
  const claimed = await claim(deps.db, paymentId, options.payerId, now);
  if (claimed.kind !== 'claimed') return claimed;
  const { payment } = claimed;
  let result;
  try {
    result = await deps.provider.capturePayment(payment.providerPaymentId, {
      requestId: `duka-capture-${payment.id}`,
      payerId: payment.payerId ?? undefined,
    });
  } catch (err) {
    // The outcome is unknown. The shopper's claim is let go so that a retry asks again at once
    // (the provider answers a repeated capture with the original one); the expiry job keeps its
    // claim, so the order cannot expire until the provider has answered.
    if (err instanceof PaymentProviderError && !options.keepClaimOnError) {
      await release(deps.db, payment);
    }
    throw err;
  }
  return deps.db.transaction((tx) => finish(tx, payment, result));
}

async function release(db: Db, payment: payments.PaymentRow): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockOrder(tx, payment.orderId);
    const current = await payments.findById(tx, payment.id);
    if (
      current?.status === 'capturing' &&
      current.captureStartedAt?.getTime() === payment.captureStartedAt?.getTime()
    ) {
      await payments.updatePayment(tx, payment.id, { status: 'created', captureStartedAt: null });
    }
  });
}

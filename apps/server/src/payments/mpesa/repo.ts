// The payments table as M-Pesa needs it: finding a payment by its callback secret, its
// CheckoutRequestID or its receipt, and the pushes whose result is still to be asked for.
import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import type { PaymentRow } from '../repo.ts';

export async function findByCallbackSecretHash(db: Db | Tx, hash: string) {
  const [row] = await db.select().from(payments).where(eq(payments.callbackSecretHash, hash));
  return row;
}

export async function findByCheckoutRequestId(db: Db | Tx, checkoutRequestId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.checkoutRequestId, checkoutRequestId));
  return row;
}

/** An M-Pesa payment already settled with this receipt number. */
export async function findByReceipt(db: Db | Tx, receipt: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'mpesa'), eq(payments.transactionId, receipt)));
  return row;
}

/** M-Pesa payments whose result is due to be asked for, longest waiting first. */
export async function duePushes(db: Db, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'mpesa'), lte(payments.nextQueryAt, now)))
    .orderBy(asc(payments.nextQueryAt), asc(payments.id))
    .limit(limit);
}

/**
 * A push holds its order this long at most. A real prompt is answered or times out within a couple
 * of minutes; one Daraja still has no answer for after an hour is an anomaly, and the order may
 * expire (a success that comes after all still revives it or is flagged for a refund).
 */
export const PUSH_HOLDS_ORDER_MS = 60 * 60_000;

/** The order's M-Pesa requests still waiting for the shopper: while there is one, it never expires. */
export async function pendingPushes(
  db: Db | Tx,
  orderId: number,
  now = new Date(),
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, 'mpesa'),
        eq(payments.status, 'created'),
        isNotNull(payments.nextQueryAt),
        gt(payments.createdAt, new Date(now.getTime() - PUSH_HOLDS_ORDER_MS)),
      ),
    );
}

/** A payment by the id its shopper knows, only if it pays one of that shopper's orders. */
export async function ownPayment(db: Db, userId: number, providerPaymentId: string) {
  const [row] = await db
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(orders.userId, userId)));
  return row;
}

// The payments table. An order and its payments are one aggregate: only payments/ and orders/
// read or write these rows; checkout and the back office call them.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { payments } from './schema.ts';
import { users } from '../auth/schema.ts';
import { orderItems, orders } from '../orders/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
/** An order and its payments are one aggregate (decision record 008): payments lock and read it. */
export type OrderRow = typeof orders.$inferSelect;

/** Locks an order: a payment step always locks its order first, then reads its payments. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findOrder(db: Db | Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The payment's order locked, then the payment read again under that lock. */
export async function lockWithOrder(tx: Tx, paymentId: number) {
  const { orderId } = (await findById(tx, paymentId))!;
  const order = (await lockOrder(tx, orderId))!;
  const payment = (await findById(tx, paymentId))!;
  return { order, payment };
}

/** Payments still waiting at the provider; closing one means it will never be captured. */
const OPEN: PaymentStatus[] = ['created'];

export async function insertPayment(db: Db | Tx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findByProviderId(
  db: Db | Tx,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row;
}

/** The payment and the id of the shopper whose order it pays. */
export async function findWithOwner(db: Db | Tx, provider: string, providerPaymentId: string) {
  const [row] = await db
    .select({ payment: payments, ownerId: orders.userId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row;
}

export async function findById(db: Db | Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment that settled the order, or else its latest attempt. */
export async function settlingPayment(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    // PostgreSQL sorts NULLs first in descending order: an attempt that failed after the capture
    // must not hide the payment that settled the order.
    .orderBy(sql`${payments.capturedAt} desc nulls last`, desc(payments.id))
    .limit(1);
  return row;
}

export async function updatePayment(
  db: Db | Tx,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/**
 * Closes the order's payments still open at the provider with the reason: 'cancelled' (by the
 * shopper, an admin, or a newer checkout) or 'expired' (not paid in time).
 */
export async function closeOpenPayments(
  tx: Tx,
  orderId: number,
  status: 'cancelled' | 'expired',
  reason: string,
): Promise<void> {
  await tx
    .update(payments)
    // Money already paid in to an open Paybill payment (part of the total) must go back.
    .set({ status, failureReason: reason, refundDue: sql`${payments.receivedCents} > 0` })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, OPEN)));
}

/** The order's payments being captured right now (the expiry job leaves their orders alone). */
export async function capturingPayments(db: Db | Tx, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'capturing')));
}

/** The order's payments holding money (to give back when the order is refunded). */
export async function capturedPayments(db: Db | Tx, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')));
}

/** Every payment of the order, oldest first. */
export async function paymentsOf(db: Db | Tx, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

/** Every payment of the orders, oldest first. */
export async function paymentsOfOrders(db: Db | Tx, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.id));
}

/** What the sandbox payment page shows of the order. */
export function orderLinesOf(db: Db | Tx, orderId: number) {
  return db
    .select({ title: orderItems.title, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** The back office's Payments list, newest first: each with its order and customer. */
export function adminPaymentRows(db: Db) {
  return db
    .select({
      payment: payments,
      order: orders,
      // The account's e-mail, or the order's for an account made by phone (it has none).
      email: sql<string>`coalesce(${users.email}, ${orders.email})`,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export const countPayments = (db: Db) => db.select({ n: count() }).from(payments);

/**
 * Money the provider says was paid, refused by the shop: the payment is flagged with why and the
 * receipt, so the admin's Payments list shows it until someone settles it by hand.
 */
export async function flagForAttention(
  db: Db | Tx,
  id: number,
  reason: string,
  receipt: string | null,
): Promise<void> {
  await db
    .update(payments)
    .set({ attentionReason: reason, attentionReceipt: receipt })
    .where(eq(payments.id, id));
}

// ---------------------------------------------------------------- payments that wait for an answer

export async function findByCallbackSecretHash(db: Db | Tx, hash: string) {
  const [row] = await db.select().from(payments).where(eq(payments.callbackSecretHash, hash));
  return row;
}

/** A payment by the provider's reference of its request (Daraja's CheckoutRequestID). */
export async function findByReference(db: Db | Tx, reference: string) {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutRequestId, reference));
  return row;
}

/** Payments whose result is due to be asked for, longest waiting first. */
export async function dueQueries(db: Db, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(lte(payments.nextQueryAt, now))
    .orderBy(asc(payments.nextQueryAt), asc(payments.id))
    .limit(limit);
}

/**
 * A request to the shopper's phone holds its order this long at most. A real prompt is answered or
 * times out within a couple of minutes; one still without an answer after an hour is an anomaly,
 * and the order may expire (a success that comes after all still revives it or is flagged for a
 * refund).
 */
export const WAIT_HOLDS_ORDER_MS = 60 * 60_000;

/** The order's payments still waiting for the shopper: while there is one, it never expires. */
export async function waitingPayments(
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
        eq(payments.status, 'created'),
        isNotNull(payments.nextQueryAt),
        gt(payments.createdAt, new Date(now.getTime() - WAIT_HOLDS_ORDER_MS)),
      ),
    );
}

/**
 * True when part of the order's total came in from the M-Pesa menu: the shopper is paying it, so
 * it does not expire (an admin may still cancel it, and that money is then due back).
 */
export async function partlyPaid(db: Db | Tx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'created'),
        gt(payments.receivedCents, 0),
      ),
    )
    .limit(1);
  return row !== undefined;
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

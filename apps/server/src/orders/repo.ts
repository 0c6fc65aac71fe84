// The orders and order_items tables: only orders/ and payments/ touch them.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import { EARNING_STATUSES } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { orderEvents, orderItems, orders } from './schema.ts';
import { accountPhone } from '../auth/accounts.ts';
import { users } from '../auth/schema.ts';
import { payments } from '../payments/schema.ts';
import { queryRows } from '../lib/sql.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderStatus = OrderRow['status'];

export async function insertOrder(
  tx: Tx,
  values: typeof orders.$inferInsert,
  lines: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(values).returning();
  await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: created!.id })));
  await recordStatus(tx, created!.id, created!.status);
  return created!;
}

/** Who moved an order and what goes with the move (a shipment's courier and tracking number). */
export interface Move {
  actorId?: number | null;
  note?: string | null;
}

/** One line of the order's timeline, in the transaction that changed it. */
export async function recordStatus(
  tx: Db | Tx,
  orderId: number,
  status: OrderStatus,
  move: Move = {},
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    status,
    actorId: move.actorId ?? null,
    note: move.note ?? null,
  });
}

export async function timelineOf(db: Db | Tx, orderId: number) {
  return db
    .select({
      status: orderEvents.status,
      at: orderEvents.at,
      note: orderEvents.note,
      actorEmail: users.email,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/** The order row is the lock every path that changes an order takes, so two never act at once. */
/** An order as it is now (not locked). */
export async function orderById(db: Db | Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Like lockOrder, but passes over an order someone else holds (the expiry job looks again). */
export async function lockOrderIfFree(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .for('update', { skipLocked: true });
  return row;
}

export async function updateOrder(
  tx: Db | Tx,
  id: number,
  values: Partial<typeof orders.$inferInsert>,
  move: Move = {},
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id));
  if (values.status) await recordStatus(tx, id, values.status, move);
}

/** Moves an order from one status to another; false when it was no longer in `from`. */
export async function moveOrder(
  tx: Tx,
  id: number,
  from: OrderStatus | readonly OrderStatus[],
  values: Partial<typeof orders.$inferInsert> & { status: OrderStatus },
  move: Move = {},
): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : [...from];
  const moved = await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.status, froms)))
    .returning({ id: orders.id });
  if (moved.length > 0) await recordStatus(tx, id, values.status, move);
  return moved.length > 0;
}

/** The shopper's open checkouts: unpaid orders that are not an exchange's replacement. */
export const openCheckoutsOf = (userId: number) =>
  and(
    eq(orders.userId, userId),
    eq(orders.status, 'pending_payment'),
    isNull(orders.exchangeForOrderId),
  );

/**
 * The shopper's unpaid orders, locked in id order (orders are always locked before stock). An
 * exchange's replacement awaiting its price difference is no open checkout: never replaced.
 */
export async function lockOpenOrderIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(openCheckoutsOf(userId))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function stockLinesOf(tx: Tx, orderId: number) {
  return tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

export async function itemsOf(
  db: Db | Tx,
  orderIds: number[],
): Promise<Map<number, OrderItemRow[]>> {
  const byOrder = new Map<number, OrderItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

// ---------------------------------------------------------------- the shopper's own orders

const ownedBy = (userId: number) => eq(orders.userId, userId);

export const ownOrderRows = (db: Db, userId: number) =>
  db.select().from(orders).where(ownedBy(userId)).orderBy(desc(orders.createdAt), desc(orders.id));

export const countOwnOrders = (db: Db, userId: number) =>
  db.select({ n: count() }).from(orders).where(ownedBy(userId));

export async function ownOrderWithPhone(db: Db, userId: number, orderId: number) {
  const [row] = await db
    .select({ order: orders, phone: users.phoneNumber })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), ownedBy(userId)));
  return row;
}

// ---------------------------------------------------------------- the back office

const firstItem = sql<
  string | null
>`(select ${orderItems.title} from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.id} limit 1)`;
/** The receipt of the payment that brought the order's money in (M-Pesa receipt, PayPal capture). */
const receipt = sql<
  string | null
>`(select ${payments.transactionId} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('captured', 'refunded') order by ${payments.capturedAt} desc nulls last limit 1)`;
/** Every line as '2 × Title', in the order they were bought. */
const itemLines = sql<
  string[] | null
>`(select array_agg(${orderItems.quantity} || ' × ' || ${orderItems.title} order by ${orderItems.id}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
/** How many different products the order holds (its quantity is item_count). */
const lineCount = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

/** The customer's e-mail: the account's, or the order's for an account made by phone (none). */
const customerEmail = sql<string>`coalesce(${users.email}, ${orders.email})`;

export function adminOrderRows(db: Db, where?: SQL) {
  return db
    .select({
      order: orders,
      email: customerEmail,
      username: users.username,
      userPhone: users.phoneNumber,
      firstItem,
      itemLines,
      lineCount,
      receipt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function adminOrderById(db: Db, id: number) {
  const [row] = await adminOrderRows(db, eq(orders.id, id));
  return row;
}

export type AdminOrderRow = Awaited<ReturnType<typeof adminOrderRows>>[number];

export const withStatus = (status: OrderStatus | undefined) =>
  status ? eq(orders.status, status) : undefined;

export const countOrders = (db: Db, where?: SQL) =>
  db.select({ n: count() }).from(orders).where(where);

/** Orders whose number is `orderId` or whose customer's e-mail matches the pattern. */
export function searchOrderRows(db: Db, pattern: string, orderId: number | undefined) {
  return adminOrderRows(
    db,
    or(ilike(customerEmail, pattern), orderId ? eq(orders.id, orderId) : sql`false`),
  );
}

// An order paid on delivery earns once its money is recorded, wherever it is on its way.
const earning = () => and(inArray(orders.status, [...EARNING_STATUSES]), isNotNull(orders.paidAt))!;

export async function earnings(db: Db): Promise<{ earnings: number; orders: number }> {
  const [row] = await db
    .select({ earnings: sum(orders.totalCents), orders: count() })
    .from(orders)
    .where(earning());
  return { earnings: Number(row?.earnings ?? 0), orders: row?.orders ?? 0 };
}

/** Per customer: how many orders they placed and what their paid ones came to (the Customers list). */
export async function spendingOf(
  db: Db,
  userIds: number[],
): Promise<Map<number, { orders: number; spentCents: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: orders.userId,
      orders: count(),
      spent: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${earning()}), 0)`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId!, { orders: r.orders, spentCents: Number(r.spent) }]));
}

/** Money taken per Nairobi day (UTC+3) since `since`. */
export async function salesByDay(db: Db, since: Date) {
  const rows = await queryRows<{ day: string; total: number }>(
    db,
    sql`select to_char((${orders.paidAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD') as day,
               sum(${orders.totalCents})::bigint as total
        from ${orders}
        where ${earning()} and ${orders.paidAt} >= ${since}
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ date: r.day, total: Number(r.total) }));
}

/** Unpaid orders past their time, oldest first. */
export async function staleOrderIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The phone number of the order's shopper, for text messages about it. */
export async function shopperPhone(tx: Db | Tx, userId: number): Promise<string | undefined> {
  return (await accountPhone(tx, userId)) || undefined;
}

/**
 * The e-mail given at checkout of a paid order (not refunded) of the shopper's containing the
 * product; null when there is none (they did not buy it).
 */
export async function boughtProduct(
  tx: Db | Tx,
  userId: number,
  productId: number,
): Promise<string | null> {
  const [row] = await tx
    .select({ email: orders.email })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), earning()))
    .limit(1);
  return row?.email ?? null;
}

/** The order's owner, for routes an owner or an admin may use. */
export async function ownerOf(db: Db, orderId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.userId;
}

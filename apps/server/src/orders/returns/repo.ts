// The returns and return_lines tables (decision record 029): only orders/returns/ reads or writes
// them. A return is always changed with its order locked first (orders are the lock every path
// that changes an order takes), then its own row.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderEvents, orders, returnLines, returns } from '../schema.ts';
import { users } from '../../auth/schema.ts';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

export async function insertReturn(
  tx: Tx,
  values: typeof returns.$inferInsert,
  lines: { orderItemId: number; quantity: number }[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(returns).values(values).returning();
  await tx.insert(returnLines).values(lines.map((l) => ({ ...l, returnId: row!.id })));
  return row!;
}

export async function findReturn(db: Db | Tx, id: number): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row;
}

export async function lockReturn(tx: Tx, id: number): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  return row;
}

export async function updateReturn(tx: Tx, id: number, values: Partial<ReturnRow>) {
  await tx.update(returns).set(values).where(eq(returns.id, id));
}

export async function markRestocked(tx: Tx, lineId: number, restocked: boolean) {
  await tx.update(returnLines).set({ restocked }).where(eq(returnLines.id, lineId));
}

/** The returns of these orders, oldest first. */
export async function returnsOf(db: Db | Tx, orderIds: readonly number[]): Promise<ReturnRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(returns)
    .where(inArray(returns.orderId, [...orderIds]))
    .orderBy(asc(returns.id));
}

/** Return id → its lines, in the order they were asked for. */
export async function linesOf(
  db: Db | Tx,
  returnIds: readonly number[],
): Promise<Map<number, ReturnLineRow[]>> {
  const byReturn = new Map<number, ReturnLineRow[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .select()
    .from(returnLines)
    .where(inArray(returnLines.returnId, [...returnIds]))
    .orderBy(asc(returnLines.id));
  for (const row of rows) byReturn.set(row.returnId, [...(byReturn.get(row.returnId) ?? []), row]);
  return byReturn;
}

/** When the order was delivered (or collected): its last move to delivered. */
export async function deliveredAt(db: Db | Tx, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/** The order an exchange made, if any. */
export async function replacementOf(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({ order_id: returns.orderId, return_id: returns.id })
    .from(returns)
    .where(eq(returns.exchangeOrderId, orderId));
  return row ?? null;
}

// ---------------------------------------------------------------- the back office

export const withFilter = (filter: {
  id?: number;
  status?: string | undefined;
  order_id?: number | undefined;
}) =>
  and(
    filter.id !== undefined ? eq(returns.id, filter.id) : undefined,
    filter.status ? eq(returns.status, filter.status) : undefined,
    filter.order_id ? eq(returns.orderId, filter.order_id) : undefined,
  );

export const adminReturnRows = (db: Db, where?: SQL) =>
  db
    .select({
      ret: returns,
      customerName: orders.shippingName,
      // The account's e-mail, or the order's for an account made by phone (it has none).
      customerEmail: sql<string>`coalesce(${users.email}, ${orders.email})`,
      orderStatus: orders.status,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(users, eq(users.id, returns.userId))
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id));

export type AdminReturnRow = Awaited<ReturnType<typeof adminReturnRows>>[number];

export const countReturns = (db: Db, where?: SQL) =>
  db.select({ n: count() }).from(returns).where(where);

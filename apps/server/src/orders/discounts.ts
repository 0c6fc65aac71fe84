// An order's discounts (issue 36): the promotions it got, kept as they were when it was made, and
// what checkout asks of the shopper's orders to apply them (their first order, the open checkout
// a new one replaces).
import { and, asc, eq, inArray, isNotNull, notInArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import * as paymentsRepo from '../payments/repo.ts';
import { orderDiscounts, orders } from './schema.ts';
import { openCheckoutsOf } from './repo.ts';

export interface OrderDiscountLine {
  promotionId: number;
  name: string;
  code: string | null;
  amountCents: number;
  target: 'items' | 'delivery';
}

/**
 * What promotions took off the order's delivery: its discount less its lines' (the order keeps the
 * sum, each line its own), so the invoice and returns leave it with delivery.
 */
export function deliveryDiscountOf(
  order: { discountCents: number },
  items: readonly { discountCents: number }[],
): number {
  return Math.max(0, order.discountCents - items.reduce((s, i) => s + i.discountCents, 0));
}

/**
 * The shopper's orders awaiting payment that a new checkout replaces (placeOrder cancels them):
 * their uses do not count against what the new order may have. One being captured is kept.
 */
export async function replaceableOrderIds(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(openCheckoutsOf(userId));
  const ids: number[] = [];
  for (const { id } of rows) {
    if ((await paymentsRepo.capturingPayments(db, id)).length === 0) ids.push(id);
  }
  return ids;
}

/**
 * A first order: the shopper has no other order that brought money in or awaits it (a cancelled or
 * returned one never paid does not count, nor the open checkouts in `except`).
 */
export async function isFirstOrder(
  db: Db | Tx,
  userId: number,
  except: readonly number[],
): Promise<boolean> {
  const [other] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        except.length > 0 ? notInArray(orders.id, [...except]) : undefined,
        or(
          notInArray(orders.status, ['cancelled', 'returned_to_sender']),
          isNotNull(orders.paidAt),
        ),
      ),
    )
    .limit(1);
  return other === undefined;
}

/** The order's discounts, replacing any it had (an order paid again keeps what it now gets). */
export async function saveOrderDiscounts(
  tx: Tx,
  orderId: number,
  lines: readonly OrderDiscountLine[],
): Promise<void> {
  await tx.delete(orderDiscounts).where(eq(orderDiscounts.orderId, orderId));
  if (lines.length === 0) return;
  await tx.insert(orderDiscounts).values(lines.map((l) => ({ ...l, orderId })));
}

/** Each order's discounts, in the order they were applied. */
export async function discountsOf(
  db: Db | Tx,
  orderIds: readonly number[],
): Promise<Map<number, OrderDiscountLine[]>> {
  const byOrder = new Map<number, OrderDiscountLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderDiscounts)
    .where(inArray(orderDiscounts.orderId, [...orderIds]))
    .orderBy(asc(orderDiscounts.id));
  for (const r of rows) {
    const line: OrderDiscountLine = {
      promotionId: r.promotionId,
      name: r.name,
      code: r.code,
      amountCents: r.amountCents,
      target: r.target === 'delivery' ? 'delivery' : 'items',
    };
    byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), line]);
  }
  return byOrder;
}

// The order lifecycle (DESIGN.md, "Where we do better" 6 and 7):
//   pending_payment → paid → processing → shipped → delivered
//   pending_payment → cancelled (stock goes back), paid → refunded
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { orderItems, orders, products } from '../db/schema.ts';

export type OrderStatus = (typeof orders.$inferSelect)['status'];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['processing', 'refunded'],
  processing: ['shipped', 'refunded'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Cancels an unpaid order and gives its reserved stock back, in the caller's transaction. Returns
 * false (and changes nothing) when the order was no longer awaiting payment, so a cancel racing a
 * payment can never release stock that was sold.
 */
export async function cancelUnpaidOrder(tx: Tx, orderId: number): Promise<boolean> {
  const cancelled = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date(), expiresAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  return true;
}

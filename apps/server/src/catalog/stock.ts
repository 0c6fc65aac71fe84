// Stock moves made by orders: taken when an order is made, given back when it is cancelled or
// expires. The products table belongs to the catalogue, so these live here.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { conflict } from '../lib/http-error.ts';

export interface StockLine {
  productId: number;
  quantity: number;
  title: string;
}

/**
 * Locks the stock rows of every product a transaction is about to move, all at once and in id
 * order. A transaction that gives stock back and takes other stock (a new checkout replacing the
 * shopper's open order) must lock both sets together first: locking them one set after the other
 * lets two shoppers whose old orders and new carts cross wait on each other for ever (a deadlock
 * PostgreSQL ends by killing one of them).
 */
export async function lockStock(tx: Tx, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** Takes each line's quantity off the shelf, or fails naming what ran out. Rows locked in id order. */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const byId = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of byId) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.quantity}`))
      .returning({ id: products.id });
    if (taken.length > 0) continue;
    const [now] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, line.productId));
    const left = now?.stock ?? 0;
    throw conflict(
      left === 0
        ? `"${line.title}" has just sold out. Please remove it from your cart.`
        : `Only ${left} of "${line.title}" left. Please lower the quantity in your cart.`,
      'OUT_OF_STOCK',
    );
  }
}

/** Puts reserved units back on the shelf, in id order like takeStock (no lock-order deadlocks). */
export async function returnStock(
  tx: Tx,
  lines: readonly Omit<StockLine, 'title'>[],
): Promise<void> {
  const byId = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of byId) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

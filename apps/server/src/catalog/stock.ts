// Stock moves made by orders: taken when an order is made, given back when it is cancelled or
// expires. Stock is held per variant (issue 21); the product row's total follows by trigger
// (migration 0015_variants). The catalogue's tables belong here.
//
// Lock order, everywhere: the product rows in id order, then their variants. The trigger that
// keeps a product's totals updates the product row after a variant's, so a transaction that
// changed a variant without holding its product first could meet one holding the product and
// waiting for the variant: a deadlock.
import { and, asc, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { products, productVariants } from './schema.ts';
import { conflict } from '../lib/http-error.ts';

export interface StockLine {
  productId: number;
  /** Null only on order lines older than variants: the product's first variant is meant. */
  variantId: number | null;
  quantity: number;
  /** What the shopper calls it, in messages: 'Sneaker (42 / Black)'. */
  title: string;
}

/**
 * Locks the stock of every product a transaction is about to move, all at once and in id order.
 * A transaction that gives stock back and takes other stock (a new checkout replacing the
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

/** The variant a line moves: its own, or for an old line the product's first. */
function variantOf(line: Pick<StockLine, 'productId' | 'variantId'>) {
  return line.variantId !== null
    ? sql`${line.variantId}`
    : sql`(select ${productVariants.id} from ${productVariants}
           where ${productVariants.productId} = ${line.productId}
           order by ${productVariants.archivedAt} nulls first, ${productVariants.position}, ${productVariants.id}
           limit 1)`;
}

function inLockOrder<T extends Pick<StockLine, 'productId' | 'variantId'>>(lines: readonly T[]) {
  return [...lines].sort(
    (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
  );
}

/** Takes each line's quantity off the shelf, or fails naming what ran out. */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  await lockStock(
    tx,
    lines.map((l) => l.productId),
  );
  for (const line of inLockOrder(lines)) {
    const onSale = and(
      sql`${productVariants.id} = ${variantOf(line)}`,
      isNull(productVariants.archivedAt),
    );
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(onSale, gte(productVariants.stock, line.quantity)))
      .returning({ id: productVariants.id });
    if (taken.length > 0) continue;
    const [now] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(onSale);
    const left = now?.stock ?? 0;
    throw conflict(
      left === 0
        ? `"${line.title}" has just sold out. Please remove it from your cart.`
        : `Only ${left} of "${line.title}" left. Please lower the quantity in your cart.`,
      'OUT_OF_STOCK',
    );
  }
}

/** Puts reserved units back on the shelf, in the same lock order as takeStock. */
export async function returnStock(
  tx: Tx,
  lines: readonly Omit<StockLine, 'title'>[],
): Promise<void> {
  await lockStock(
    tx,
    lines.map((l) => l.productId),
  );
  for (const line of inLockOrder(lines)) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(sql`${productVariants.id} = ${variantOf(line)}`);
  }
}

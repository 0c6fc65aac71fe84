// Stock moves made by orders: taken when an order is made (the reservation an unpaid order holds
// is stock already taken), given back when it is cancelled, expires or comes back.
import { and, gte, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productVariants } from '../schema.ts';
import { conflict } from '../../lib/http-error.ts';
import { lockStock } from './lock.ts';

export interface StockLine {
  productId: number;
  /** Null only on order lines older than variants: the product's first variant is meant. */
  variantId: number | null;
  quantity: number;
  /** What the shopper calls it, in messages: 'Sneaker (42 / Black)'. */
  title: string;
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

// The stock's lock order, everywhere: the product rows in id order, then their variants. The
// totals' triggers (triggers.sql) update a product's row after its variant's, so a transaction
// that changed a variant without holding its product first could meet one holding the product
// and waiting for the variant: a deadlock.
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products } from '../schema.ts';

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

// Money that arrives for an order that was cancelled or expired meanwhile is never lost: the order
// comes back to life when its stock can be taken again, and otherwise it is marked 'refund_due'
// so a person gives the money back (DESIGN.md, "Where we do better" 12).
import type { Tx } from '../db/client.ts';
import { takeStock } from '../catalog/stock.ts';
import { HttpError } from '../lib/http-error.ts';
import * as repo from './repo.ts';
import { markOrderPaid } from './service.ts';

/** In the caller's transaction, holding the order's lock: true when revived, false when refund due. */
export async function reviveOrRefund(tx: Tx, order: repo.OrderRow, paidAt: Date): Promise<boolean> {
  const lines = (await repo.stockLinesOf(tx, order.id)).map((l) => ({ ...l, title: '' }));
  try {
    // A savepoint: when one line is short, the lines taken before it go back too.
    await tx.transaction((savepoint) => takeStock(savepoint, lines));
  } catch (err) {
    if (!(err instanceof HttpError && err.code === 'OUT_OF_STOCK')) throw err;
    await repo.updateOrder(tx, order.id, { status: 'refund_due', paidAt, expiresAt: null });
    return false;
  }
  await markOrderPaid(tx, order, paidAt);
  return true;
}

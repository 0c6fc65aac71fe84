// A promotion's use by an order (issue 36, decision record 031): reserved in the transaction that
// makes the order, after its limited promotions' rows are locked, so that the next instance
// waiting on the lock counts this use; used once paid; released when the order expires, fails or
// is cancelled, so a failed payment gives its use back.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { promotions, promotionUses } from './schema.ts';

/** Locks the promotions' rows, in id order (one global order: no deadlock between checkouts). */
export async function lockPromotions(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(inArray(promotions.id, [...new Set(ids)]))
    .orderBy(asc(promotions.id))
    .for('update');
}

export interface UseReserved {
  promotionId: number;
  /** A flash sale's units at its price (what its cap counts); 0 otherwise. */
  units: number;
}

/**
 * The order's uses, reserved; an order paid again keeps its rows (one per promotion and order),
 * reserved anew with the units it now has. The caller holds the promotions' locks.
 */
export async function reserveUses(
  tx: Tx,
  order: { orderId: number; userId: number },
  uses: readonly UseReserved[],
): Promise<void> {
  if (uses.length === 0) return;
  await tx
    .insert(promotionUses)
    .values(uses.map((u) => ({ ...order, promotionId: u.promotionId, units: u.units })))
    .onConflictDoUpdate({
      target: [promotionUses.promotionId, promotionUses.orderId],
      set: { status: 'reserved', units: sql`excluded.units`, updatedAt: sql`now()` },
    });
}

/** The order was paid: its uses are used (a revived order's released ones too: money came in). */
export async function markUsesUsed(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(promotionUses)
    .set({ status: 'used', updatedAt: sql`now()` })
    .where(and(eq(promotionUses.orderId, orderId), ne(promotionUses.status, 'used')));
}

/** The order expired, failed or was cancelled unpaid: its reserved uses count no more. */
export async function releaseUses(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(promotionUses)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(promotionUses.orderId, orderId), eq(promotionUses.status, 'reserved')));
}

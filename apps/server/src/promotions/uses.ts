// What a promotion's limits count: its uses made or reserved (a released one gives its use back),
// one shopper's, and the units a flash sale sold or holds. Checkout (slice 3 of issue 36)
// reserves a use in the order's transaction after locking the promotion's row (decision record
// 031), then counts with these same queries: two instances can never both take the last use.
import { and, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { PromotionCounts } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { promotionUses } from './schema.ts';

/** A use that counts against the limits: reserved or used. */
export const countsAgainstLimits = () => ne(promotionUses.status, 'released');

export const NO_USES: PromotionCounts = { uses: 0, customerUses: 0, saleUnits: 0 };

export interface CountsWanted {
  /** Whose uses, and units sold, are counted in all (those with a usage limit or a cap). */
  total: readonly number[];
  /** Whose uses by `userId` are counted (those with a per-customer limit). */
  perCustomer: readonly number[];
  /** The shopper; null: nobody in particular (no one's own uses are counted). */
  userId: number | null;
  /** Orders whose uses do not count: the shopper's open checkout that a new one replaces. */
  exceptOrderIds?: readonly number[];
}

/**
 * Each promotion's counts; a promotion not asked about, or with no use, reads as all zero. Both
 * queries read the partial index of the uses that count, and the per-customer one only this
 * shopper's entries of it, so a promotion used a million times costs nothing here unless its
 * total is limited.
 */
export async function useCounts(
  db: Db | Tx,
  wanted: CountsWanted,
): Promise<Map<number, PromotionCounts>> {
  const { total, perCustomer, userId } = wanted;
  const except = wanted.exceptOrderIds?.length
    ? notInArray(promotionUses.orderId, [...wanted.exceptOrderIds])
    : undefined;
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const totals =
    total.length === 0
      ? []
      : await db
          .select({
            promotionId: promotionUses.promotionId,
            uses: count(),
            saleUnits: sql<string>`coalesce(sum(${promotionUses.units}), 0)`,
          })
          .from(promotionUses)
          .where(and(inArray(promotionUses.promotionId, [...total]), countsAgainstLimits(), except))
          .groupBy(promotionUses.promotionId);
  const own =
    perCustomer.length === 0 || userId === null
      ? []
      : await db
          .select({ promotionId: promotionUses.promotionId, uses: count() })
          .from(promotionUses)
          .where(
            and(
              inArray(promotionUses.promotionId, [...perCustomer]),
              eq(promotionUses.userId, userId),
              countsAgainstLimits(),
              except,
            ),
          )
          .groupBy(promotionUses.promotionId);
  const counts = new Map<number, PromotionCounts>();
  const of = (id: number) => counts.get(id) ?? counts.set(id, { ...NO_USES }).get(id)!;
  for (const r of totals) {
    Object.assign(of(r.promotionId), { uses: r.uses, saleUnits: Number(r.saleUnits) });
  }
  for (const r of own) of(r.promotionId).customerUses = r.uses;
  return counts;
}

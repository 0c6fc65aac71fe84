// The promotions that may apply now, as the engine reads them (evaluatePromotions): for the cart,
// checkout and, later, the sale prices of product pages (issue 36, slice 3). Read from the
// database on every call, with their uses counted: several server processes share it, and a use
// reserved by one must count in the others at once. A caller that needs them twice in one
// request keeps what it got.
import { and, asc, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { normaliseCouponCode, promotionRuleOf, type PromotionRule } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { promotions } from './schema.ts';
import { inputOf } from './stored.ts';
import { NO_USES, useCounts } from './uses.ts';

export interface LiveOptions {
  /** The shopper, whose own uses count against per-customer limits; null: nobody yet. */
  userId?: number | null;
  /** The code the shopper typed: its promotion is included whatever its dates, so the engine
   * can say 'This code has expired.' or 'This code cannot be used yet.' */
  code?: string | null;
  /** Orders whose uses do not count (the shopper's open checkout that a new one replaces). */
  exceptOrderIds?: readonly number[];
}

/** Automatic promotions running at `now`, and the typed code's promotion if there is one. */
export async function livePromotions(
  db: Db | Tx,
  now: Date,
  options: LiveOptions = {},
): Promise<PromotionRule[]> {
  const code = options.code ? normaliseCouponCode(options.code) : null;
  const running = and(
    isNull(promotions.code),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
  );
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        isNull(promotions.deletedAt),
        code === null ? running : or(running, sql`upper(${promotions.code}) = ${code}`),
      ),
    )
    .orderBy(asc(promotions.id));
  const counts = await useCounts(db, {
    total: rows.filter((r) => r.usageLimit !== null || r.quantityCap !== null).map((r) => r.id),
    perCustomer: rows.filter((r) => r.perCustomerLimit !== null).map((r) => r.id),
    userId: options.userId ?? null,
    exceptOrderIds: options.exceptOrderIds ?? [],
  });
  return rows.map((r) => promotionRuleOf(r.id, inputOf(r), counts.get(r.id) ?? NO_USES));
}

// The Promotions screen's figures: how many paid orders used each promotion and what they came to.
// A read model of the orders table (listed in the architecture test): orders/ exports no such
// query yet, and this one reads totals only. "Paid" is the dashboard's earnings rule
// (orders/repo.ts): an earning status with its money recorded, so refunded, cancelled and unpaid
// orders bring nothing in.
import { and, count, inArray, isNotNull, sum, eq } from 'drizzle-orm';
import { EARNING_STATUSES } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { orders } from '../orders/schema.ts';
import { promotionUses } from './schema.ts';
import { countsAgainstLimits } from './uses.ts';

export interface OrderFigures {
  orders: number;
  revenueCents: number;
}

/** Per promotion (those with no paid order left out): its paid orders and their totals. */
export async function paidOrderFigures(
  db: Db,
  promotionIds: readonly number[],
): Promise<Map<number, OrderFigures>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db
    .select({
      promotionId: promotionUses.promotionId,
      orders: count(),
      revenue: sum(orders.totalCents),
    })
    .from(promotionUses)
    .innerJoin(orders, eq(orders.id, promotionUses.orderId))
    .where(
      and(
        inArray(promotionUses.promotionId, [...promotionIds]),
        countsAgainstLimits(),
        inArray(orders.status, [...EARNING_STATUSES]),
        isNotNull(orders.paidAt),
      ),
    )
    .groupBy(promotionUses.promotionId);
  return new Map(
    rows.map((r) => [r.promotionId, { orders: r.orders, revenueCents: Number(r.revenue ?? 0) }]),
  );
}

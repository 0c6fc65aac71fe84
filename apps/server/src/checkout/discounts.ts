// A cart's promotions (issue 36): the engine (evaluatePromotions) run on the priced cart lines, the
// delivery quoted and the live promotions with the cart's coupon code. Computed on every read, so
// editing lines, the county or the delivery choice recomputes them; checkout runs it again, after
// locking the limited promotions it applies, in the transaction that makes the order.
import {
  couponRefusalMessage,
  evaluatePromotions,
  type CartDiscounts,
  type PromotionRule,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import type { PricedCartLine } from '../cart/repo.ts';
import { isFirstOrder } from '../orders/discounts.ts';
import type { PlacementDiscounts } from '../orders/service.ts';
import { livePromotions } from '../promotions/live.ts';

export interface CartPromotions {
  discounts: CartDiscounts;
  rules: readonly PromotionRule[];
}

export interface DiscountQuery {
  userId: number;
  lines: readonly PricedCartLine[];
  delivery: { countyCode: string | null; feeCents: number };
  code: string | null;
  /** The shopper's open checkouts a new order replaces: their uses and their being an order do not count. */
  exceptOrderIds: readonly number[];
  now: Date;
}

/** A line's key for the engine: its variant (a cart has one line per variant). */
const keyOf = (line: Pick<PricedCartLine, 'variantId'>) => String(line.variantId);

export async function cartPromotions(db: Db | Tx, q: DiscountQuery): Promise<CartPromotions> {
  const rules = await livePromotions(db, q.now, {
    userId: q.userId,
    code: q.code,
    exceptOrderIds: q.exceptOrderIds,
  });
  if (q.lines.length === 0 || (rules.length === 0 && q.code === null)) {
    return { rules, discounts: evaluate(q, rules, true) };
  }
  const firstOnly = rules.some((r) => r.firstOrderOnly);
  const first = firstOnly ? await isFirstOrder(db, q.userId, q.exceptOrderIds) : false;
  return { rules, discounts: evaluate(q, rules, first) };
}

function evaluate(q: DiscountQuery, rules: readonly PromotionRule[], isFirst: boolean) {
  return evaluatePromotions({
    lines: q.lines.map((l) => ({
      key: keyOf(l),
      productId: l.productId,
      variantId: l.variantId,
      category: l.category,
      brand: l.brand,
      unitPriceCents: l.salePriceCents,
      quantity: l.quantity,
      taxType: l.taxType,
    })),
    delivery: q.delivery,
    promotions: rules,
    couponCode: q.code,
    context: { now: q.now, isFirstOrder: isFirst },
  });
}

/** The discounts as the order keeps them, each line's in the order of `lines`. */
export function placementDiscounts(
  lines: readonly PricedCartLine[],
  discounts: CartDiscounts,
): PlacementDiscounts {
  const byKey = new Map(discounts.lines.map((l) => [l.key, l.discountCents]));
  return {
    lineCents: lines.map((l) => byKey.get(keyOf(l)) ?? 0),
    deliveryCents: discounts.deliveryDiscountCents,
    applied: discounts.applied.map((a) => ({
      promotionId: a.promotionId,
      name: a.name,
      code: a.code,
      amountCents: a.amountCents,
      target: a.target,
    })),
  };
}

/** The promotions applied that have a limit to count (uses, per customer, a cap): checkout locks these. */
export function limitedApplied(p: CartPromotions): number[] {
  const limited = new Set(
    p.rules
      .filter(
        (r) =>
          r.usesLeft !== null ||
          r.customerUsesLeft !== null ||
          (r.type === 'sale_price' && r.capLeft !== null),
      )
      .map((r) => r.id),
  );
  return p.discounts.applied.map((a) => a.promotionId).filter((id) => limited.has(id));
}

/** The same discounts: the same promotions taking the same from the same lines. */
export function sameDiscounts(a: CartDiscounts, b: CartDiscounts): boolean {
  const shape = (d: CartDiscounts) =>
    JSON.stringify({
      applied: d.applied.map((x) => [x.promotionId, x.amountCents, x.target, x.saleUnits ?? 0]),
      lines: d.lines.map((l) => [l.key, l.discountCents]),
    });
  return shape(a) === shape(b);
}

/** The words for a coupon the engine refused; null when none was typed or it applies. */
export function couponRefusal(discounts: CartDiscounts): string | null {
  const outcome = discounts.coupon;
  return outcome?.status === 'refused' ? couponRefusalMessage(outcome) : null;
}

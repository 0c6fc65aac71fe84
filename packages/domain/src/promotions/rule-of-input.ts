// A stored promotion (as the admin API takes it, in shillings) and its counts, as the engine reads
// it (in cents, with what is left of its limits). One place for the conversion, so the server's
// rows, the tests and the product pages' sale prices read a promotion the same way.
import { percentToBasisPoints, shillingsToCents } from '../pricing/money.ts';
import type { PromotionRule, PromotionTerms } from './engine-types.ts';
import type { PromotionInput } from './schemas.ts';

export interface PromotionCounts {
  /** Uses made or reserved, by everyone. */
  uses: number;
  /** Uses made or reserved by this shopper (0 for nobody in particular). */
  customerUses: number;
  /** sale_price: units sold or reserved at the sale price. */
  saleUnits: number;
}

const left = (limit: number | null | undefined, used: number) =>
  limit === null || limit === undefined ? null : Math.max(0, limit - used);

export function promotionRuleOf(
  id: number,
  p: PromotionInput,
  counts: PromotionCounts = { uses: 0, customerUses: 0, saleUnits: 0 },
): PromotionRule {
  const target = p.applies_to;
  const terms: PromotionTerms = {
    id,
    name: p.name,
    code: p.code ?? null,
    appliesTo: target
      ? {
          productIds: target.product_ids ?? [],
          variantIds: target.variant_ids ?? [],
          categories: target.categories ?? [],
          brands: target.brands ?? [],
        }
      : null,
    minOrderCents: shillingsToCents(p.min_order ?? 0),
    startsAt: p.starts_at ?? null,
    endsAt: p.ends_at ?? null,
    usesLeft: left(p.usage_limit, counts.uses),
    customerUsesLeft: left(p.per_customer_limit, counts.customerUses),
    firstOrderOnly: p.first_order_only,
    exclusive: p.exclusive,
    combinable: p.combinable,
  };
  const value = p.value ?? null;
  switch (p.type) {
    case 'percent_off':
      return { ...terms, type: p.type, percentBp: percentToBasisPoints(value ?? 0) };
    case 'amount_off':
      return { ...terms, type: p.type, amountCents: shillingsToCents(value ?? 0) };
    case 'free_delivery':
      return {
        ...terms,
        type: p.type,
        amountCents: value === null ? null : shillingsToCents(value),
        counties: p.counties ?? null,
      };
    case 'buy_x_get_y':
      return {
        ...terms,
        type: p.type,
        buyQuantity: p.buy_quantity ?? 1,
        getQuantity: p.get_quantity ?? 1,
        getPercentBp: percentToBasisPoints(p.get_percent ?? 100),
      };
    case 'sale_price':
      return {
        ...terms,
        type: p.type,
        salePriceCents:
          p.sale_price === null || p.sale_price === undefined
            ? null
            : shillingsToCents(p.sale_price),
        percentBp: value === null ? null : percentToBasisPoints(value),
        capLeft: left(p.quantity_cap, counts.saleUnits),
      };
  }
}

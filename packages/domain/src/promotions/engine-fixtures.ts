// Builders for the promotions engine's tests: cart lines in shillings and promotions with
// everything but what a test is about left at "applies to all, always, no limits".
import { evaluatePromotions } from './evaluate.ts';
import type {
  CartDiscounts,
  PromotionLine,
  PromotionOffer,
  PromotionRule,
  PromotionTerms,
} from './engine-types.ts';

export const NOW = new Date('2026-11-27T09:00:00+03:00');

export function line(
  key: string,
  shillings: number,
  quantity = 1,
  more: Partial<PromotionLine> = {},
): PromotionLine {
  return {
    key,
    productId: Number(key) || 1,
    variantId: null,
    category: 'shoes',
    brand: null,
    unitPriceCents: shillings * 100,
    quantity,
    taxType: 'B',
    ...more,
  };
}

type Terms = Partial<PromotionTerms>;

export function rule(id: number, offer: PromotionOffer, terms: Terms = {}): PromotionRule {
  return {
    id,
    name: `Promotion ${id}`,
    code: null,
    appliesTo: null,
    minOrderCents: 0,
    startsAt: null,
    endsAt: null,
    usesLeft: null,
    customerUsesLeft: null,
    firstOrderOnly: false,
    exclusive: false,
    combinable: false,
    ...terms,
    ...offer,
  };
}

export const percentOff = (id: number, percent: number, terms?: Terms) =>
  rule(id, { type: 'percent_off', percentBp: percent * 100 }, terms);
export const amountOff = (id: number, shillings: number, terms?: Terms) =>
  rule(id, { type: 'amount_off', amountCents: shillings * 100 }, terms);
export const freeDelivery = (
  id: number,
  offer: { shillings?: number; counties?: string[] } = {},
  terms?: Terms,
) =>
  rule(
    id,
    {
      type: 'free_delivery',
      amountCents: offer.shillings === undefined ? null : offer.shillings * 100,
      counties: offer.counties ?? null,
    },
    terms,
  );
export const buyGet = (id: number, buy: number, get: number, percent = 100, terms?: Terms) =>
  rule(
    id,
    { type: 'buy_x_get_y', buyQuantity: buy, getQuantity: get, getPercentBp: percent * 100 },
    terms,
  );
export const salePrice = (
  id: number,
  offer: { shillings?: number; percent?: number; capLeft?: number },
  terms?: Terms,
) =>
  rule(
    id,
    {
      type: 'sale_price',
      salePriceCents: offer.shillings === undefined ? null : offer.shillings * 100,
      percentBp: offer.percent === undefined ? null : offer.percent * 100,
      capLeft: offer.capLeft ?? null,
    },
    terms,
  );

/** Lines named by product, variant, category or brand. */
export const only = (target: {
  productIds?: number[];
  variantIds?: number[];
  categories?: string[];
  brands?: string[];
}) => ({
  appliesTo: {
    productIds: target.productIds ?? [],
    variantIds: target.variantIds ?? [],
    categories: target.categories ?? [],
    brands: target.brands ?? [],
  },
});

export function evaluate(
  lines: PromotionLine[],
  promotions: PromotionRule[],
  options: {
    feeShillings?: number;
    county?: string | null;
    code?: string | null;
    firstOrder?: boolean;
    now?: Date;
  } = {},
): CartDiscounts {
  return evaluatePromotions({
    lines,
    delivery: {
      countyCode: options.county === undefined ? '047' : options.county,
      feeCents: (options.feeShillings ?? 0) * 100,
    },
    promotions,
    couponCode: options.code ?? null,
    context: { now: options.now ?? NOW, isFirstOrder: options.firstOrder ?? false },
  });
}

/** Each line's discount in shillings (cents where they are not whole), by key. */
export const discounts = (result: CartDiscounts) =>
  Object.fromEntries(result.lines.map((l) => [l.key, l.discountCents / 100]));

/** Each applied promotion as [id, shillings]. */
export const applied = (result: CartDiscounts) =>
  result.applied.map((a) => [a.promotionId, a.amountCents / 100]);

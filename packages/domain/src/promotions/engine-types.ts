// The promotions engine's words (issue 36): a cart's lines and delivery, the live promotions in
// cents as the server builds them from its rows, and the discounts the engine works out.
import type { TaxType } from '../tax/tax-types.ts';

export const PROMOTION_TYPES = [
  'percent_off',
  'amount_off',
  'free_delivery',
  'buy_x_get_y',
  'sale_price',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** The lines a promotion is for: a line is if it matches any of the lists. */
export interface PromotionTarget {
  productIds: readonly number[];
  variantIds: readonly number[];
  /** Category slugs. */
  categories: readonly string[];
  /** Brand names, compared without regard to case. */
  brands: readonly string[];
}

/** What every promotion has, whatever it gives. */
export interface PromotionTerms {
  id: number;
  name: string;
  /** Upper case (normaliseCouponCode); null for an automatic promotion. */
  code: string | null;
  /** null, or all four lists empty: every line (the order). Delivery offers ignore it. */
  appliesTo: PromotionTarget | null;
  /** The items at shelf prices (before delivery and before any promotion) must come to this. */
  minOrderCents: number;
  /** From this instant (included); null: from the start. */
  startsAt: Date | null;
  /** Until this instant (excluded); null: no end. */
  endsAt: Date | null;
  /** Uses left of its total: the limit less the uses made or reserved; null: no limit. */
  usesLeft: number | null;
  /** This shopper's uses left: the per-customer limit less theirs; null: no limit. */
  customerUsesLeft: number | null;
  firstOrderOnly: boolean;
  /** Applies alone: the shopper gets it or the other promotions, whichever takes off more. */
  exclusive: boolean;
  /** An automatic promotion that stacks on a line's best one instead of competing with it. */
  combinable: boolean;
}

/** What a promotion gives, in cents and basis points (10,000 = 100 %). */
export type PromotionOffer =
  | { type: 'percent_off'; percentBp: number }
  | { type: 'amount_off'; amountCents: number }
  | {
      type: 'free_delivery';
      /** Off the delivery fee; null: all of it (free delivery). */
      amountCents: number | null;
      /** County codes; null or empty: every county. */
      counties: readonly string[] | null;
    }
  | { type: 'buy_x_get_y'; buyQuantity: number; getQuantity: number; getPercentBp: number }
  | {
      type: 'sale_price';
      /** The unit's sale price, or (null) `percentBp` off its shelf price. */
      salePriceCents: number | null;
      percentBp: number | null;
      /** Units still to sell at the sale price (the cap less those sold or reserved); null: no cap. */
      capLeft: number | null;
    };

export type PromotionRule = PromotionTerms & PromotionOffer;

/** A cart line as the engine reads it. */
export interface PromotionLine {
  /** Unique within the cart: a line's id as text. */
  key: string;
  productId: number;
  variantId: number | null;
  category: string;
  brand: string | null;
  /** The shelf price after the product's own discount: whole shillings, in cents. */
  unitPriceCents: number;
  quantity: number;
  taxType: TaxType;
}

export interface PromotionDelivery {
  /** The county delivered to (or the pickup point's); null when not chosen yet. */
  countyCode: string | null;
  feeCents: number;
}

export interface PromotionContext {
  now: Date;
  isFirstOrder: boolean;
}

export interface CartDiscountInput {
  lines: readonly PromotionLine[];
  delivery: PromotionDelivery;
  /** The promotions that may apply: automatic ones, and those with codes (only the typed one does). */
  promotions: readonly PromotionRule[];
  /** The code the shopper typed, or null. */
  couponCode: string | null;
  context: PromotionContext;
}

export interface LineDiscount {
  key: string;
  taxType: TaxType;
  quantity: number;
  /** Unit price × quantity, before promotions. */
  amountCents: number;
  /** What promotions take off the line: 0 … amountCents, to the cent. */
  discountCents: number;
  /** amountCents − discountCents: what the line is sold for (its VAT is worked out on this). */
  paidCents: number;
  /** Each promotion's part of the line's discount. */
  promotions: { promotionId: number; amountCents: number }[];
}

export interface AppliedPromotion {
  promotionId: number;
  name: string;
  code: string | null;
  /** Whole shillings, in cents. */
  amountCents: number;
  target: 'items' | 'delivery';
  /** sale_price: the units sold at the sale price (what its cap reserves). */
  saleUnits?: number;
}

export const COUPON_REFUSALS = [
  'invalid',
  'not_started',
  'expired',
  'used_up',
  'used',
  'first_order',
  'min_order',
  'not_applicable',
  'better_offer',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

export type CouponOutcome =
  | { status: 'applied'; promotionId: number; code: string }
  | { status: 'refused'; reason: Exclude<CouponRefusal, 'min_order'> }
  | { status: 'refused'; reason: 'min_order'; minOrderCents: number };

export interface CartDiscounts {
  /** In the order the lines were given. */
  lines: LineDiscount[];
  /** Those that take something off, in the order they were applied. */
  applied: AppliedPromotion[];
  itemsDiscountCents: number;
  deliveryDiscountCents: number;
  /** null when no code was typed. */
  coupon: CouponOutcome | null;
}

import { CENTS_PER_SHILLING, divideRoundHalfUp } from './money.ts';
import { DELIVERY_TAX_TYPE, TAX_RATES, TAX_TYPES, type TaxType } from '../tax/tax-types.ts';

/** SPEC §9: shipping and handling is a flat Ksh 50 (every county's fee until the shop sets one). */
export const SHIPPING_CENTS = 50 * CENTS_PER_SHILLING;
/** SPEC §9: VAT is 16 % of (items + shipping). */
export const VAT_PERCENT = 16;

export interface CheckoutLine {
  unitPriceCents: number; // display price after discount, a whole number of shillings
  quantity: number;
  /** KRA's tax type of the product (issue 23); B, 16 %, when not given. */
  taxType?: TaxType;
  /** What promotions take off the whole line, to the cent (issue 36); VAT is on what is left. */
  discountCents?: number;
}

export interface TaxOptions {
  /**
   * Shelf prices include VAT (PRICES_INCLUDE_VAT): the total is items plus delivery and VAT is
   * the part of it that is tax. Otherwise (the specification) VAT is added on top.
   */
  pricesIncludeVat?: boolean;
  /** What promotions take off the delivery fee (issue 36), at most the fee. */
  deliveryDiscountCents?: number;
}

export interface CheckoutTotals {
  itemCount: number;
  itemsCents: number;
  shippingCents: number;
  beforeTaxCents: number;
  vatCents: number;
  totalCents: number;
}

export interface DiscountedTotals extends CheckoutTotals {
  /** What promotions took off the items and delivery (issue 36); items and shipping are before it. */
  discountTotalCents: number;
}

/** What is taxable under each type: the lines' totals, and delivery under B. */
export function taxableByType(
  lines: readonly CheckoutLine[],
  deliveryCents: number,
): Record<TaxType, number> {
  const taxable = Object.fromEntries(TAX_TYPES.map((t) => [t, 0])) as Record<TaxType, number>;
  for (const line of lines) {
    taxable[line.taxType ?? 'B'] += line.unitPriceCents * line.quantity - (line.discountCents ?? 0);
  }
  taxable[DELIVERY_TAX_TYPE] += deliveryCents;
  return taxable;
}

// 116 × 108: a denominator every inclusive rate (100 + 16, 100 + 8) divides, so mixed rates add
// up exactly before the one rounding.
const INCLUSIVE_BASE = 116 * 108;

/**
 * VAT in whole shillings, rounded once, half up, over all the types together: on top of the
 * amounts (`rate / 100`), or contained in them (`rate / (100 + rate)`).
 */
export function vatOf(taxable: Record<TaxType, number>, pricesIncludeVat: boolean): number {
  let numerator = 0;
  for (const type of TAX_TYPES) {
    const rate = TAX_RATES[type];
    numerator += pricesIncludeVat
      ? taxable[type] * rate * (INCLUSIVE_BASE / (100 + rate))
      : taxable[type] * rate;
  }
  const denominator = (pricesIncludeVat ? INCLUSIVE_BASE : 100) * CENTS_PER_SHILLING;
  return divideRoundHalfUp(numerator, denominator) * CENTS_PER_SHILLING;
}

/**
 * Totals of an order. Everything is a whole number of shillings: line prices already are, and VAT
 * is rounded half up to the shilling (see docs/decisions/003-money.md), so the total a shopper sees
 * is exactly the sum of the figures above it.
 */
export function checkoutTotals(
  lines: readonly CheckoutLine[],
  /** The delivery fee of the chosen county or pickup point (issue 22); SPEC's flat fee without. */
  deliveryFeeCents: number = SHIPPING_CENTS,
  options: TaxOptions = {},
): CheckoutTotals {
  const { discountTotalCents: _discounts, ...totals } = discountedTotals(
    lines,
    deliveryFeeCents,
    options,
  );
  return totals;
}

/**
 * The totals with promotions (issue 36): the lines less their discounts (a line's, to the cent),
 * delivery less its own, and VAT by tax type on what is left. Items and shipping stay as shelved;
 * the total is never below zero, as no line's or delivery's discount is more than it.
 */
export function discountedTotals(
  lines: readonly CheckoutLine[],
  deliveryFeeCents: number = SHIPPING_CENTS,
  options: TaxOptions = {},
): DiscountedTotals {
  if (!Number.isSafeInteger(deliveryFeeCents) || deliveryFeeCents < 0) {
    throw new RangeError(`delivery fee must be whole cents, got ${deliveryFeeCents}`);
  }
  let itemsCents = 0;
  let itemCount = 0;
  let discountTotalCents = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a whole number of at least 1, got ${line.quantity}`);
    }
    if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw new RangeError(`unit price must be whole cents, got ${line.unitPriceCents}`);
    }
    const discount = line.discountCents ?? 0;
    if (
      !Number.isSafeInteger(discount) ||
      discount < 0 ||
      discount > line.unitPriceCents * line.quantity
    ) {
      throw new RangeError(`a line's discount must be whole cents up to the line, got ${discount}`);
    }
    itemsCents += line.unitPriceCents * line.quantity;
    itemCount += line.quantity;
    discountTotalCents += discount;
  }
  const shippingCents = lines.length > 0 ? deliveryFeeCents : 0;
  const deliveryDiscount = lines.length > 0 ? (options.deliveryDiscountCents ?? 0) : 0;
  if (
    !Number.isSafeInteger(deliveryDiscount) ||
    deliveryDiscount < 0 ||
    deliveryDiscount > shippingCents
  ) {
    throw new RangeError(
      `a delivery discount must be whole cents up to the fee, got ${deliveryDiscount}`,
    );
  }
  discountTotalCents += deliveryDiscount;
  // Items less their discounts, plus delivery less its own: never below zero, as no part is.
  const paidCents = itemsCents + shippingCents - discountTotalCents;
  const vatCents = vatOf(
    taxableByType(lines, shippingCents - deliveryDiscount),
    options.pricesIncludeVat ?? false,
  );
  if (options.pricesIncludeVat) {
    return {
      itemCount,
      itemsCents,
      shippingCents,
      beforeTaxCents: paidCents - vatCents,
      vatCents,
      totalCents: paidCents,
      discountTotalCents,
    };
  }
  return {
    itemCount,
    itemsCents,
    shippingCents,
    beforeTaxCents: paidCents,
    vatCents,
    totalCents: paidCents + vatCents,
    discountTotalCents,
  };
}

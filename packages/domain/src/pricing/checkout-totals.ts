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
}

export interface TaxOptions {
  /**
   * Shelf prices include VAT (PRICES_INCLUDE_VAT): the total is items plus delivery and VAT is
   * the part of it that is tax. Otherwise (the specification) VAT is added on top.
   */
  pricesIncludeVat?: boolean;
}

export interface CheckoutTotals {
  itemCount: number;
  itemsCents: number;
  shippingCents: number;
  beforeTaxCents: number;
  vatCents: number;
  totalCents: number;
}

/** What is taxable under each type: the lines' totals, and delivery under B. */
export function taxableByType(
  lines: readonly CheckoutLine[],
  deliveryCents: number,
): Record<TaxType, number> {
  const taxable = Object.fromEntries(TAX_TYPES.map((t) => [t, 0])) as Record<TaxType, number>;
  for (const line of lines) taxable[line.taxType ?? 'B'] += line.unitPriceCents * line.quantity;
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
  if (!Number.isSafeInteger(deliveryFeeCents) || deliveryFeeCents < 0) {
    throw new RangeError(`delivery fee must be whole cents, got ${deliveryFeeCents}`);
  }
  let itemsCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a whole number of at least 1, got ${line.quantity}`);
    }
    if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw new RangeError(`unit price must be whole cents, got ${line.unitPriceCents}`);
    }
    itemsCents += line.unitPriceCents * line.quantity;
    itemCount += line.quantity;
  }
  const shippingCents = lines.length > 0 ? deliveryFeeCents : 0;
  const vatCents = vatOf(taxableByType(lines, shippingCents), options.pricesIncludeVat ?? false);
  if (options.pricesIncludeVat) {
    const totalCents = itemsCents + shippingCents;
    return {
      itemCount,
      itemsCents,
      shippingCents,
      beforeTaxCents: totalCents - vatCents,
      vatCents,
      totalCents,
    };
  }
  const beforeTaxCents = itemsCents + shippingCents;
  return {
    itemCount,
    itemsCents,
    shippingCents,
    beforeTaxCents,
    vatCents,
    totalCents: beforeTaxCents + vatCents,
  };
}

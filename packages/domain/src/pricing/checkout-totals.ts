import { CENTS_PER_SHILLING, divideRoundHalfUp } from './money.ts';

/** SPEC §9: shipping and handling is a flat Ksh 50 (every county's fee until the shop sets one). */
export const SHIPPING_CENTS = 50 * CENTS_PER_SHILLING;
/** SPEC §9: VAT is 16 % of (items + shipping). */
export const VAT_PERCENT = 16;

export interface CheckoutLine {
  unitPriceCents: number; // display price after discount, a whole number of shillings
  quantity: number;
}

export interface CheckoutTotals {
  itemCount: number;
  itemsCents: number;
  shippingCents: number;
  beforeTaxCents: number;
  vatCents: number;
  totalCents: number;
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
  const beforeTaxCents = itemsCents + shippingCents;
  const vatShillings = divideRoundHalfUp(beforeTaxCents * VAT_PERCENT, 100 * CENTS_PER_SHILLING);
  const vatCents = vatShillings * CENTS_PER_SHILLING;
  return {
    itemCount,
    itemsCents,
    shippingCents,
    beforeTaxCents,
    vatCents,
    totalCents: beforeTaxCents + vatCents,
  };
}

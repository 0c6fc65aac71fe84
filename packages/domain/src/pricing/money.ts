// Money is integer cents (Ksh × 100) everywhere in the system. Screens show whole shillings.
import { groupThousands, groupThousandsFixed2 } from '../common/numbers.ts';

export const CENTS_PER_SHILLING = 100;

/** Discounts are kept in basis points (hundredths of a percent) so that 12.5 % stays exact. */
export const BASIS_POINTS_PER_PERCENT = 100;
const FULL_DISCOUNT_BP = 100 * BASIS_POINTS_PER_PERCENT;

export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * BASIS_POINTS_PER_PERCENT);
}

export function basisPointsToPercent(bp: number): number {
  return bp / BASIS_POINTS_PER_PERCENT;
}

export function shillingsToCents(shillings: number): number {
  return Math.round(shillings * CENTS_PER_SHILLING);
}

/** Integer division rounding half away from zero, exact for non-negative safe integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divideRoundHalfUp needs safe integers, got ${numerator}/${denominator}`);
  }
  if (numerator < 0) return -divideRoundHalfUp(-numerator, denominator);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Display price of SPEC §9: round(price × (100 − discount) / 100) to the nearest whole shilling.
 * Takes and returns cents; the result is always a whole number of shillings.
 */
export function displayPriceCents(priceCents: number, discountBasisPoints: number): number {
  if (discountBasisPoints < 0 || discountBasisPoints > FULL_DISCOUNT_BP) {
    throw new RangeError(`discount must be between 0 and 100 %, got ${discountBasisPoints} bp`);
  }
  const shillings = divideRoundHalfUp(
    priceCents * (FULL_DISCOUNT_BP - discountBasisPoints),
    FULL_DISCOUNT_BP * CENTS_PER_SHILLING,
  );
  return shillings * CENTS_PER_SHILLING;
}

/** `Ksh 1,299`: whole shillings, rounded half up, thousands separated by commas. */
export function formatKsh(cents: number): string {
  return `Ksh ${groupThousands(divideRoundHalfUp(Math.round(cents), CENTS_PER_SHILLING))}`;
}

/** `Ksh 1,299.50`: to the cent, for tax figures (a receipt's VAT shares are not whole shillings). */
export function formatKshExact(cents: number): string {
  return `Ksh ${groupThousandsFixed2(Math.round(cents) / 100)}`;
}

// A promotion's amount and its spread over the lines it applies to (issue 36). The amount is whole
// shillings, rounded half up and never above its base; it is shared among the lines in proportion
// to their bases, to the cent, by largest remainder (the invoice's shareByWeight), so the lines'
// parts add up to it exactly and no line gives more than its base.
import { CENTS_PER_SHILLING } from '../pricing/money.ts';
import { shareByWeight } from '../tax/invoice-figures.ts';

export const FULL_BP = 10_000;
const SHILLING = BigInt(CENTS_PER_SHILLING);

/**
 * What each line could give at most, in 1/`scale` of a cent: a base is exact even when it is a
 * part of a line (a unit of three is a third of what is left of it).
 */
export interface Bases {
  bases: readonly bigint[];
  scale: bigint;
}

/** How much of the bases a promotion takes: a percentage, up to an amount, or all of them. */
export type Take = { percentBp: number } | { upToCents: number } | { all: true };

export interface Spread {
  amountCents: number;
  /** Cents off each base, in their order; each at most its base, rounded up to the cent. */
  shares: number[];
}

export function spread({ bases, scale }: Bases, take: Take): Spread {
  const total = bases.reduce((s, b) => s + b, 0n);
  const most = total / (scale * SHILLING); // whole shillings, rounded down: never above the base
  let shillings = most;
  if ('percentBp' in take) {
    const denominator = scale * SHILLING * BigInt(FULL_BP);
    shillings = (2n * total * BigInt(take.percentBp) + denominator) / (2n * denominator);
  } else if ('upToCents' in take) {
    shillings = BigInt(take.upToCents) / SHILLING;
  }
  const amountCents = Number((shillings < most ? shillings : most) * SHILLING);
  return { amountCents, shares: shareByWeight(amountCents, bases) };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The least common multiple of positive whole numbers; 1 for none. */
export function lcm(values: readonly number[]): bigint {
  let m = 1n;
  for (const v of values) {
    const b = BigInt(v);
    m = (m / gcd(m, b)) * b;
  }
  return m;
}

/** Cents rounded down to the shilling. */
export function wholeShillingsAtMost(cents: number): number {
  return Math.floor(cents / CENTS_PER_SHILLING) * CENTS_PER_SHILLING;
}

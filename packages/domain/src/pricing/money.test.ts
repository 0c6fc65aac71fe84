import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  displayPriceCents,
  divideRoundHalfUp,
  formatKsh,
  percentToBasisPoints,
  shillingsToCents,
} from './money.ts';

const ksh = (n: number) => shillingsToCents(n);

describe('displayPriceCents (SPEC §9: round(price × (100 − discount) / 100))', () => {
  it('leaves the price alone at discount 0', () => {
    expect(displayPriceCents(ksh(1299), 0)).toBe(ksh(1299));
  });

  it('gives 0 at discount 100', () => {
    expect(displayPriceCents(ksh(1299), percentToBasisPoints(100))).toBe(0);
  });

  it('rounds half a shilling up', () => {
    // 15 × 0.9 = 13.5 → 14; 25 × 0.9 = 22.5 → 23 (not banker's rounding to 22)
    expect(displayPriceCents(ksh(15), percentToBasisPoints(10))).toBe(ksh(14));
    expect(displayPriceCents(ksh(25), percentToBasisPoints(10))).toBe(ksh(23));
  });

  it('rounds just below half down and just above half up', () => {
    // 1001 × 0.95 = 950.95 → 951; 999 × 0.95 = 949.05 → 949
    expect(displayPriceCents(ksh(1001), percentToBasisPoints(5))).toBe(ksh(951));
    expect(displayPriceCents(ksh(999), percentToBasisPoints(5))).toBe(ksh(949));
  });

  it('handles fractional discounts exactly', () => {
    // 200 × (1 − 0.125) = 175 exactly; 1000 × (1 − 0.1296) = 870.4 → 870
    expect(displayPriceCents(ksh(200), percentToBasisPoints(12.5))).toBe(ksh(175));
    expect(displayPriceCents(ksh(1000), percentToBasisPoints(12.96))).toBe(ksh(870));
  });

  it('rejects discounts outside 0–100 %', () => {
    expect(() => displayPriceCents(ksh(100), -1)).toThrow(RangeError);
    expect(() => displayPriceCents(ksh(100), 10_001)).toThrow(RangeError);
  });

  it('always gives whole shillings within half a shilling of the exact value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, bp) => {
          const result = displayPriceCents(cents, bp);
          const exact = (cents * (10_000 - bp)) / 10_000;
          expect(result % 100).toBe(0);
          expect(Math.abs(result - exact)).toBeLessThanOrEqual(50);
        },
      ),
    );
  });
});

describe('divideRoundHalfUp', () => {
  it('rounds halves away from zero', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(-5, 2)).toBe(-3);
    expect(divideRoundHalfUp(4, 3)).toBe(1);
  });
  it('refuses values that are not safe integers', () => {
    expect(() => divideRoundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('formatKsh', () => {
  it('shows whole shillings with thousands separators', () => {
    expect(formatKsh(129_900)).toBe('Ksh 1,299');
    expect(formatKsh(0)).toBe('Ksh 0');
    expect(formatKsh(123_456_789_00)).toBe('Ksh 123,456,789');
  });
  it('rounds cents half up', () => {
    expect(formatKsh(12_950)).toBe('Ksh 130');
    expect(formatKsh(12_949)).toBe('Ksh 129');
  });
});

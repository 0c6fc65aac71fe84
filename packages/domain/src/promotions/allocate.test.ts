// A promotion's amount and its spread over lines (issue 36).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lcm, spread } from './allocate.ts';

describe('spread', () => {
  it('a percentage rounded half up to the shilling, never above the base', () => {
    expect(spread({ bases: [5_050n], scale: 1n }, { percentBp: 1_000 }).amountCents).toBe(500);
    expect(spread({ bases: [15_000n], scale: 1n }, { percentBp: 1_000 }).amountCents).toBe(1_500);
    // 10 % of Ksh 5 = 0.50 → Ksh 1; 100 % of Ksh 10.50 is Ksh 10, not 11.
    expect(spread({ bases: [500n], scale: 1n }, { percentBp: 1_000 }).amountCents).toBe(100);
    expect(spread({ bases: [1_050n], scale: 1n }, { percentBp: 10_000 }).amountCents).toBe(1_000);
  });

  it('an amount up to the base, in whole shillings; all of a base, rounded down', () => {
    expect(spread({ bases: [30_000n], scale: 1n }, { upToCents: 50_000 }).amountCents).toBe(30_000);
    expect(spread({ bases: [1_000n, 1_000n, 1_000n], scale: 3n }, { all: true })).toEqual({
      amountCents: 1_000,
      shares: [334, 333, 333],
    });
  });

  it('shares add up to the amount and none is above its base, rounded up to the cent', () => {
    const bases = fc.array(fc.bigInt({ min: 0n, max: 10_000_000n }), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        bases,
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 10_000 }),
        (b, s, pct) => {
          const scale = BigInt(s);
          const { amountCents, shares } = spread({ bases: b, scale }, { percentBp: pct });
          expect(amountCents % 100).toBe(0);
          expect(shares.reduce((x, y) => x + y, 0)).toBe(amountCents);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(BigInt(share) * scale).toBeLessThan(b[i]! + scale);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('lcm', () => {
  it('of whole numbers; 1 of none', () => {
    expect(lcm([4, 6, 10])).toBe(60n);
    expect(lcm([])).toBe(1n);
  });
});

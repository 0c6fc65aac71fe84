import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupThousands, groupThousandsFixed2 } from './numbers.ts';

// The hand-written forms must read exactly as Intl's en-KE does (what the shop showed before).
const intl = new Intl.NumberFormat('en-KE');
const intl2 = new Intl.NumberFormat('en-KE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('groupThousands', () => {
  it('writes whole numbers with commas', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(123456789)).toBe('123,456,789');
    expect(groupThousands(-1234)).toBe('-1,234');
  });

  it('reads as Intl en-KE for any safe integer and any number to three decimals', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => groupThousands(n) === intl.format(n)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 999 }), (w, f) => {
        const n = w + f / 1000;
        return groupThousands(n) === intl.format(n);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('groupThousandsFixed2', () => {
  it('writes two decimals, as Intl en-KE with two fraction digits', () => {
    expect(groupThousandsFixed2(1299.5)).toBe('1,299.50');
    expect(groupThousandsFixed2(0)).toBe('0.00');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const n = cents / 100;
        return groupThousandsFixed2(n) === intl2.format(n);
      }),
      { numRuns: 2000 },
    );
  });
});

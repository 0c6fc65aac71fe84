import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertKesCents, formatMinor, parseMinor } from './currency.ts';

describe('convertKesCents', () => {
  it('divides by the rate: KES 2,378 at 129 KES/USD is USD 18.43', () => {
    expect(convertKesCents(237_800, 129)).toBe(1843);
    expect(convertKesCents(12_900, 129)).toBe(100);
  });

  it('rounds half up, and only at exactly half', () => {
    // At 130 KES per unit, 65 cents is exactly 0.5 minor units.
    expect(convertKesCents(194, 130)).toBe(1); // 1.492…
    expect(convertKesCents(195, 130)).toBe(2); // 1.5
    expect(convertKesCents(260, 130)).toBe(2); // 2
    expect(convertKesCents(324, 130)).toBe(2); // 2.492…
    expect(convertKesCents(325, 130)).toBe(3); // 2.5
    expect(convertKesCents(3, 0.4)).toBe(8); // 7.5
    expect(convertKesCents(2, 0.4)).toBe(5); // 5
  });

  it('takes fractional rates as the decimals they were written as', () => {
    expect(convertKesCents(1_293_500, 129.35)).toBe(10_000);
    // 1601 / 128.08 is exactly 12.5, but in binary floating point 1601 / 128.08 is 12.4999…
    expect(1601 / 128.08).toBeLessThan(12.5);
    expect(convertKesCents(1601, 128.08)).toBe(13);
    // 7 / 0.56 is exactly 12.5 too.
    expect(convertKesCents(7, 0.56)).toBe(13);
    expect(convertKesCents(247_923, 121.68)).toBe(2038);
  });

  it('never turns a positive amount into nothing', () => {
    expect(convertKesCents(1, 129)).toBe(1);
    expect(convertKesCents(100, 250)).toBe(1); // KES 1 is 0.4 of a minor unit
    expect(convertKesCents(100, 129)).toBe(1); // 0.775 rounds up anyway
    expect(convertKesCents(0, 129)).toBe(0);
  });

  it('is exact for large amounts', () => {
    expect(convertKesCents(9_007_199_254_740_991, 1)).toBe(9_007_199_254_740_991);
    expect(convertKesCents(9_007_199_254_740_900, 100)).toBe(90_071_992_547_409);
    // Rates that print in exponent form are read exactly too.
    expect(convertKesCents(100, 1e-7)).toBe(1_000_000_000);
    expect(() => convertKesCents(1_000_000_000_000, 1e-7)).toThrow(RangeError);
  });

  it('matches exact rounding half up for any amount and two-decimal rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (amount, rateHundredths) => {
          const minor = convertKesCents(amount, rateHundredths / 100);
          // minor = round(amount × 100 / rateHundredths): check the half-open interval exactly.
          const twice = 2n * BigInt(amount) * 100n;
          const rate = BigInt(rateHundredths);
          const m = BigInt(minor);
          expect(minor).toBeGreaterThanOrEqual(1);
          if (minor > 1) expect(twice >= (2n * m - 1n) * rate).toBe(true);
          expect(twice < (2n * m + 1n) * rate).toBe(true);
        },
      ),
    );
  });

  it('refuses what is not an amount or a rate', () => {
    expect(() => convertKesCents(-1, 129)).toThrow(RangeError);
    expect(() => convertKesCents(1.5, 129)).toThrow(RangeError);
    expect(() => convertKesCents(Number.NaN, 129)).toThrow(RangeError);
    expect(() => convertKesCents(100, 0)).toThrow(RangeError);
    expect(() => convertKesCents(100, -129)).toThrow(RangeError);
    expect(() => convertKesCents(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatMinor', () => {
  it('writes two decimals', () => {
    expect(formatMinor(1234)).toBe('12.34');
    expect(formatMinor(1843)).toBe('18.43');
    expect(formatMinor(100)).toBe('1.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(123_456_789)).toBe('1234567.89');
    expect(formatMinor(9_007_199_254_740_991)).toBe('90071992547409.91');
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => formatMinor(-1)).toThrow(RangeError);
    expect(() => formatMinor(1.5)).toThrow(RangeError);
  });
});

describe('parseMinor', () => {
  it('reads what formatMinor writes and the short forms', () => {
    expect(parseMinor('18.43')).toBe(1843);
    expect(parseMinor('18.4')).toBe(1840);
    expect(parseMinor('18')).toBe(1800);
    expect(parseMinor('0.05')).toBe(5);
    for (const minor of [0, 1, 99, 100, 1843, 123_456_789]) {
      expect(parseMinor(formatMinor(minor))).toBe(minor);
    }
  });

  it('answers null for anything else', () => {
    for (const text of ['', '18.431', '-1', '1e3', '18.', '.5', ' 18', 'abc']) {
      expect(parseMinor(text)).toBeNull();
    }
  });
});

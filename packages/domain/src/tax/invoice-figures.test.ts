import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutTotals, discountedTotals } from '../pricing/checkout-totals.ts';
import { invoiceFigures, shareByWeight } from './invoice-figures.ts';
import { TAX_TYPES, type TaxType } from './tax-types.ts';

const line = (key: string, shillings: number, quantity: number, taxType: TaxType) => ({
  key,
  name: `Product ${key}`,
  unitPriceCents: shillings * 100,
  quantity,
  taxType,
});

describe('invoiceFigures', () => {
  it('states every line VAT-inclusive, delivery as a B line, adding up to the order', () => {
    const lines = [line('1', 1000, 2, 'B'), line('2', 250, 1, 'A'), line('3', 99, 3, 'E')];
    const totals = checkoutTotals(lines, 5000);
    const figures = invoiceFigures({
      lines,
      deliveryCents: 5000,
      pricesIncludeVat: false,
      vatCents: totals.vatCents,
    });
    // 16 % of 2,050 = 328; 8 % of 297 = 23.76; exempt 0: 351.76, rounded once to 352. The 24
    // cents of rounding are shared in proportion: 320 → 320.22, 23.76 → 23.78, 8 → 8.00.
    expect(totals.vatCents).toBe(35_200);
    expect(figures.totalCents).toBe(totals.totalCents);
    expect(figures.totalTaxCents).toBe(35_200);
    expect(figures.lines.map((l) => [l.key, l.taxType, l.amountCents, l.taxCents])).toEqual([
      ['1', 'B', 200_000 + 32_022, 32_022],
      ['2', 'A', 25_000, 0],
      ['3', 'E', 29_700 + 2_378, 2_378],
      ['delivery', 'B', 5_000 + 800, 800],
    ]);
    expect(figures.byType.B).toEqual({ taxableCents: 232_022 + 5_800, taxCents: 32_822 });
    expect(figures.byType.E).toEqual({ taxableCents: 32_078, taxCents: 2_378 });
    expect(figures.byType.C).toEqual({ taxableCents: 0, taxCents: 0 });
  });

  it('with VAT-inclusive prices keeps the amounts and shares the VAT contained', () => {
    const lines = [line('1', 1160, 1, 'B'), line('2', 108, 1, 'E')];
    const totals = checkoutTotals(lines, 0, { pricesIncludeVat: true });
    const figures = invoiceFigures({
      lines,
      deliveryCents: 0,
      pricesIncludeVat: true,
      vatCents: totals.vatCents,
    });
    expect(totals.vatCents).toBe(16_800); // 160 + 8
    expect(figures.lines.map((l) => [l.amountCents, l.taxCents])).toEqual([
      [116_000, 16_000],
      [10_800, 800],
    ]);
    expect(figures.totalCents).toBe(totals.totalCents);
  });

  it('always adds up to the order, to the cent, whatever the lines and types', () => {
    const lineArb = fc.record({
      shillings: fc.integer({ min: 1, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      taxType: fc.constantFrom(...TAX_TYPES),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.boolean(),
        (raw, deliveryShillings, pricesIncludeVat) => {
          const lines = raw.map((l, i) => line(String(i), l.shillings, l.quantity, l.taxType));
          const deliveryCents = deliveryShillings * 100;
          const totals = checkoutTotals(lines, deliveryCents, { pricesIncludeVat });
          const f = invoiceFigures({
            lines,
            deliveryCents,
            pricesIncludeVat,
            vatCents: totals.vatCents,
          });
          expect(f.totalCents).toBe(totals.totalCents);
          expect(f.lines.reduce((s, l) => s + l.taxCents, 0)).toBe(totals.vatCents);
          for (const l of f.lines) {
            expect(l.taxCents).toBeGreaterThanOrEqual(0);
            if (['A', 'C', 'D'].includes(l.taxType)) expect(l.taxCents).toBe(0);
          }
          const byType = TAX_TYPES.reduce((s, t) => s + f.byType[t].taxableCents, 0);
          expect(byType).toBe(f.totalCents);
        },
      ),
    );
  });
});

describe('invoiceFigures with promotions (issue 36)', () => {
  it('states a discounted line at what was paid, VAT on that, its discount VAT-inclusive beside it', () => {
    const lines = [{ ...line('1', 1000, 3, 'B'), discountCents: 30_000 }];
    const totals = discountedTotals(lines, 5_000, { deliveryDiscountCents: 5_000 });
    // Ksh 3,000 − 300, delivery free: VAT 16 % of 2,700 = 432.
    expect(totals.vatCents).toBe(43_200);
    const figures = invoiceFigures({
      lines,
      deliveryCents: 5_000,
      deliveryDiscountCents: 5_000,
      pricesIncludeVat: false,
      vatCents: totals.vatCents,
    });
    expect(
      figures.lines.map((l) => [l.key, l.amountCents, l.taxCents, l.statedDiscountCents]),
    ).toEqual([
      ['1', 313_200, 43_200, 34_800],
      // Free delivery is still a line of its own, all of it discounted.
      ['delivery', 0, 0, 5_800],
    ]);
    expect(figures.totalCents).toBe(totals.totalCents);
  });

  it('always adds up to the discounted order, whatever the discounts, lines and types', () => {
    const lineArb = fc.record({
      shillings: fc.integer({ min: 1, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      taxType: fc.constantFrom(...TAX_TYPES),
      off: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (raw, deliveryShillings, deliveryOff, pricesIncludeVat) => {
          const lines = raw.map((l, i) => ({
            ...line(String(i), l.shillings, l.quantity, l.taxType),
            discountCents: Math.floor(l.shillings * 100 * l.quantity * l.off),
          }));
          const deliveryCents = deliveryShillings * 100;
          const deliveryDiscountCents = Math.floor(deliveryCents * deliveryOff);
          const totals = discountedTotals(lines, deliveryCents, {
            pricesIncludeVat,
            deliveryDiscountCents,
          });
          const f = invoiceFigures({
            lines,
            deliveryCents,
            deliveryDiscountCents,
            pricesIncludeVat,
            vatCents: totals.vatCents,
          });
          expect(f.totalCents).toBe(totals.totalCents);
          expect(f.lines.reduce((s, l) => s + l.taxCents, 0)).toBe(totals.vatCents);
          for (const [i, l] of f.lines.entries()) {
            const given = i < lines.length ? lines[i]!.discountCents : deliveryDiscountCents;
            expect(l.amountCents).toBeGreaterThanOrEqual(0);
            if (pricesIncludeVat) expect(l.statedDiscountCents).toBe(given);
            else expect(l.statedDiscountCents).toBeGreaterThanOrEqual(given);
          }
        },
      ),
    );
  });
});

describe('shareByWeight', () => {
  it('gives the leftover cents to the largest remainders', () => {
    expect(shareByWeight(10, [1n, 1n, 1n])).toEqual([4, 3, 3]);
    expect(shareByWeight(0, [0n, 0n])).toEqual([0, 0]);
    expect(() => shareByWeight(5, [0n])).toThrow(RangeError);
  });
});

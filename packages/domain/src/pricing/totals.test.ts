import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotalCents, lineTotalCents } from './cart-total.ts';
import { checkoutTotals, SHIPPING_CENTS } from './checkout-totals.ts';
import { displayPriceCents, percentToBasisPoints } from './money.ts';

describe('cartTotalCents', () => {
  it('sums display price × quantity', () => {
    const total = cartTotalCents([
      { price: 100_000, discount_percentage: 10, quantity: 2 }, // 900 × 2
      { price: 1_550, discount_percentage: 0, quantity: 1 }, // 15.50 → 16
    ]);
    expect(total).toBe(180_000 + 1_600);
  });

  it('ignores lines lacking price, discount_percentage or quantity (SPEC §5)', () => {
    const total = cartTotalCents([
      { price: 100_000, discount_percentage: 0, quantity: 1 },
      { price: null, discount_percentage: 0, quantity: 3 },
      { price: 5_000, quantity: 3 },
      { price: 5_000, discount_percentage: 5 },
    ]);
    expect(total).toBe(100_000);
    expect(lineTotalCents({ price: 5_000, discount_percentage: 5 })).toBeNull();
  });

  it('keeps lines with a discount of 0 (0 is a value, not a missing one)', () => {
    expect(cartTotalCents([{ price: 5_000, discount_percentage: 0, quantity: 2 }])).toBe(10_000);
  });
});

describe('checkoutTotals', () => {
  it('adds flat Ksh 50 shipping and 16 % VAT of items + shipping', () => {
    const totals = checkoutTotals([{ unitPriceCents: 100_000, quantity: 2 }]);
    expect(totals).toEqual({
      itemCount: 2,
      itemsCents: 200_000,
      shippingCents: 5_000,
      beforeTaxCents: 205_000,
      vatCents: 32_800,
      totalCents: 237_800,
    });
  });

  it('rounds VAT to the nearest shilling, half up', () => {
    // (1 + 50) × 0.16 = 8.16 → 8; (53 + 50) × 0.16 = 16.48 → 16; (53.125…) cannot occur
    expect(checkoutTotals([{ unitPriceCents: 100, quantity: 1 }]).vatCents).toBe(800);
    // 2 × 0.16 … (75 + 50) × 0.16 = 20 exactly; (78 + 50) × 0.16 = 20.48 → 20; (81+50)×.16 = 20.96 → 21
    expect(checkoutTotals([{ unitPriceCents: 7_800, quantity: 1 }]).vatCents).toBe(2_000);
    expect(checkoutTotals([{ unitPriceCents: 8_100, quantity: 1 }]).vatCents).toBe(2_100);
  });

  it('refuses quantities below 1 and fractional amounts', () => {
    expect(() => checkoutTotals([{ unitPriceCents: 100, quantity: 0 }])).toThrow(RangeError);
    expect(() => checkoutTotals([{ unitPriceCents: 100.5, quantity: 1 }])).toThrow(RangeError);
  });

  const lineArb = fc.record({
    priceCents: fc.integer({ min: 0, max: 2_000_000 }).map((n) => n * 100),
    discountPercent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
    quantity: fc.integer({ min: 1, max: 50 }),
  });

  it('never loses or invents a shilling: the total is exactly the sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), (lines) => {
        const checkoutLines = lines.map((l) => ({
          unitPriceCents: displayPriceCents(l.priceCents, percentToBasisPoints(l.discountPercent)),
          quantity: l.quantity,
        }));
        const totals = checkoutTotals(checkoutLines);
        const cartTotal = cartTotalCents(
          lines.map((l) => ({
            price: l.priceCents,
            discount_percentage: l.discountPercent,
            quantity: l.quantity,
          })),
        );
        // The order's item total is the cart total the shopper saw.
        expect(totals.itemsCents).toBe(cartTotal);
        expect(totals.shippingCents).toBe(SHIPPING_CENTS);
        expect(totals.beforeTaxCents).toBe(totals.itemsCents + SHIPPING_CENTS);
        expect(totals.totalCents).toBe(totals.beforeTaxCents + totals.vatCents);
        // Every figure is whole shillings, so the rounded figures on screen add up too.
        for (const cents of [totals.itemsCents, totals.vatCents, totals.totalCents]) {
          expect(cents % 100).toBe(0);
        }
        // VAT is within half a shilling of exactly 16 %.
        expect(Math.abs(totals.vatCents - totals.beforeTaxCents * 0.16)).toBeLessThanOrEqual(50);
        expect(totals.itemCount).toBe(lines.reduce((n, l) => n + l.quantity, 0));
      }),
      { numRuns: 500 },
    );
  });
});

describe('VAT by tax type (issue 23)', () => {
  it('with every line at B is the specification’s 16 % of items + delivery', () => {
    const lines = [
      { unitPriceCents: 129_900, quantity: 2 },
      { unitPriceCents: 45_100, quantity: 1 },
    ];
    expect(checkoutTotals(lines.map((l) => ({ ...l, taxType: 'B' as const })))).toEqual(
      checkoutTotals(lines),
    );
  });

  it('adds each type at its rate: exempt, zero-rated and non-VAT lines add none, E adds 8 %', () => {
    const totals = checkoutTotals(
      [
        { unitPriceCents: 100_000, quantity: 1, taxType: 'A' }, // bread: exempt
        { unitPriceCents: 50_000, quantity: 2, taxType: 'C' }, // zero-rated
        { unitPriceCents: 20_000, quantity: 1, taxType: 'D' }, // non-VAT
        { unitPriceCents: 30_000, quantity: 1, taxType: 'E' }, // 8 %: 24
        { unitPriceCents: 10_000, quantity: 1, taxType: 'B' }, // 16 %: 16
      ],
      20_000, // delivery, taxed as B: 32
    );
    expect(totals.vatCents).toBe(7_200); // 24 + 16 + 32
    expect(totals.totalCents).toBe(totals.beforeTaxCents + 7_200);
  });

  it('with prices including VAT, the total is items + delivery and VAT is the part of it that is tax', () => {
    // 1,160 at B contains 160; 1,080 at E contains 80; delivery 116 contains 16.
    const totals = checkoutTotals(
      [
        { unitPriceCents: 116_000, quantity: 1, taxType: 'B' },
        { unitPriceCents: 108_000, quantity: 1, taxType: 'E' },
        { unitPriceCents: 50_000, quantity: 1, taxType: 'A' },
      ],
      11_600,
      { pricesIncludeVat: true },
    );
    expect(totals).toEqual({
      itemCount: 3,
      itemsCents: 274_000,
      shippingCents: 11_600,
      totalCents: 285_600,
      vatCents: 25_600,
      beforeTaxCents: 260_000,
    });
  });

  it('rounds the contained VAT once, half up, to the shilling', () => {
    // 100 at B contains 13.79…; with delivery 50 (6.896…) together 20.689… → 21.
    const totals = checkoutTotals([{ unitPriceCents: 10_000, quantity: 1 }], 5_000, {
      pricesIncludeVat: true,
    });
    expect(totals.vatCents).toBe(2_100);
    expect(totals.totalCents).toBe(15_000);
  });
});

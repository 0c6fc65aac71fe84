import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceFigures } from '../tax/invoice-figures.ts';
import { cheaperExchangeRefund, exchangeTerms, soldAmounts, unitsValue } from './return-value.ts';

describe('what returned goods are worth', () => {
  it('is each line as the sale invoice states it, VAT included, delivery apart', () => {
    const sold = soldAmounts({
      items: [
        { id: 7, unitPriceCents: 400_000, quantity: 1, taxType: 'B' },
        { id: 8, unitPriceCents: 400_000, quantity: 2, taxType: 'B' },
      ],
      shippingCents: 5_000,
      vatCents: 192_800,
      pricesIncludeVat: false,
    });
    expect(sold.lines.get(7)).toEqual({ amountCents: 464_000, quantity: 1 });
    expect(sold.lines.get(8)).toEqual({ amountCents: 928_000, quantity: 2 });
    expect(sold.deliveryCents).toBe(5_800);
  });

  it('is what a discounted line was paid, however its units come back; delivery keeps its own', () => {
    const sold = soldAmounts({
      items: [
        { id: 1, unitPriceCents: 100_000, quantity: 3, taxType: 'B', discountCents: 30_000 },
        { id: 2, unitPriceCents: 9_900, quantity: 2, taxType: 'E', discountCents: 1_980 },
      ],
      shippingCents: 5_000,
      deliveryDiscountCents: 5_000,
      // 16 % of 2,700 = 432 and 8 % of 178.20 = 14.256: Ksh 446.256, rounded once to 446.
      vatCents: 44_600,
      pricesIncludeVat: false,
    });
    const kettles = sold.lines.get(1)!;
    const tea = sold.lines.get(2)!;
    // What was paid: the lines less their discounts with the order's VAT shared over them.
    expect(kettles.amountCents + tea.amountCents + sold.deliveryCents).toBe(
      270_000 + 17_820 + 44_600,
    );
    expect(kettles.amountCents).toBe(270_000 + 43_175);
    expect(sold.deliveryCents).toBe(0);
    // One kettle back, then the other two: what was paid for the line, to the cent.
    const first = unitsValue(kettles, 0, 1);
    const rest = unitsValue(kettles, 1, 2);
    expect([first, rest]).toEqual([104_392, 208_783]);
    expect(first + rest).toBe(kettles.amountCents);
  });

  it('adds up to exactly the line, however its units come back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 12 }),
        (amountCents, quantity, parts) => {
          const line = { amountCents, quantity };
          let before = 0;
          let total = 0;
          for (const units of parts) {
            const n = Math.min(units, quantity - before);
            if (n <= 0) break;
            const value = unitsValue(line, before, n);
            expect(value).toBeGreaterThanOrEqual(0);
            total += value;
            before += n;
          }
          if (before === quantity) expect(total).toBe(amountCents);
          else expect(total).toBeLessThanOrEqual(amountCents);
        },
      ),
    );
  });

  it('matches the sale invoice’s lines whatever the VAT', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 50_000 }).map((s) => s * 100),
            quantity: fc.integer({ min: 1, max: 4 }),
            taxType: fc.constantFrom('A', 'B', 'C', 'E' as const),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.boolean(),
        (lines, pricesIncludeVat) => {
          const items = lines.map((l, i) => ({
            id: i + 1,
            unitPriceCents: l.price,
            quantity: l.quantity,
            taxType: l.taxType,
          }));
          const input = {
            lines: items.map((i) => ({ ...i, key: String(i.id), name: '' })),
            deliveryCents: 5_000,
            pricesIncludeVat,
            vatCents: 1_234,
          };
          const invoice = invoiceFigures(input);
          const sold = soldAmounts({
            items,
            shippingCents: 5_000,
            vatCents: 1_234,
            pricesIncludeVat,
          });
          const goods = [...sold.lines.values()].reduce((s, l) => s + l.amountCents, 0);
          expect(goods + sold.deliveryCents).toBe(
            invoice.lines.reduce((s, l) => s + l.amountCents, 0),
          );
        },
      ),
    );
  });
});

describe('an exchange’s price difference', () => {
  const base = {
    returnedValueCents: 464_000,
    units: 1,
    taxType: 'B' as const,
    pricesIncludeVat: false,
  };

  it('costs nothing at the same price', () => {
    expect(exchangeTerms({ ...base, oldUnitCents: 400_000, newUnitCents: 400_000 })).toEqual({
      unitExtraCents: 0,
      extraCents: 0,
      refundCents: 0,
      difference: 0,
    });
  });

  it('charges a dearer variant’s difference with VAT as the order had it', () => {
    expect(exchangeTerms({ ...base, oldUnitCents: 400_000, newUnitCents: 450_000 })).toMatchObject({
      unitExtraCents: 50_000,
      extraCents: 58_000,
      difference: 58_000,
    });
    expect(
      exchangeTerms({
        ...base,
        pricesIncludeVat: true,
        oldUnitCents: 400_000,
        newUnitCents: 450_000,
      }).extraCents,
    ).toBe(50_000);
  });

  it('refunds a cheaper one’s share of what was paid, never more', () => {
    expect(exchangeTerms({ ...base, oldUnitCents: 400_000, newUnitCents: 300_000 })).toMatchObject({
      extraCents: 0,
      refundCents: 116_000,
      difference: -116_000,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (value, paid, now) => {
          const back = cheaperExchangeRefund(value, paid, now);
          expect(back).toBeGreaterThanOrEqual(0);
          expect(back).toBeLessThanOrEqual(value);
          if (now >= paid) expect(back).toBe(0);
        },
      ),
    );
  });
});

// Each kind of promotion on its own (issue 36): what it takes off, and how it is spread over lines.
import { describe, expect, it } from 'vitest';
import { checkoutTotals, taxableByType, vatOf } from '../pricing/checkout-totals.ts';
import {
  amountOff,
  applied,
  buyGet,
  discounts,
  evaluate,
  freeDelivery,
  line,
  only,
  percentOff,
  salePrice,
} from './engine-fixtures.ts';
import { saleUnitPriceCents } from './offers.ts';

describe('percent_off', () => {
  it('takes the percentage off the order, spread over the lines in proportion', () => {
    const result = evaluate([line('a', 1000), line('b', 500, 2)], [percentOff(1, 10)]);
    expect(discounts(result)).toEqual({ a: 100, b: 100 });
    expect(result.itemsDiscountCents).toBe(20_000);
    expect(result.applied).toEqual([
      { promotionId: 1, name: 'Promotion 1', code: null, amountCents: 20_000, target: 'items' },
    ]);
  });

  it('rounds its amount half up to the shilling and shares it to the cent, largest remainder', () => {
    // 10 % of 307 = 30.70 → Ksh 31, shared 10.1987 / 10.2997 / 10.5016: 10.20, 10.30, 10.50.
    const result = evaluate([line('a', 101), line('b', 102), line('c', 104)], [percentOff(1, 10)]);
    expect(result.itemsDiscountCents).toBe(3_100);
    expect(result.lines.map((l) => l.discountCents)).toEqual([1_020, 1_030, 1_050]);
    expect(result.lines.map((l) => l.paidCents)).toEqual([9_080, 9_170, 9_350]);
  });

  it('off qualifying lines only: by category, brand (any case), product or variant', () => {
    const lines = [
      line('1', 1000, 1, { category: 'shoes' }),
      line('2', 1000, 1, { category: 'bags', brand: 'Bata' }),
      line('3', 1000, 1, { category: 'bags', productId: 3, variantId: 31 }),
      line('4', 1000, 1, { category: 'bags', productId: 4 }),
    ];
    expect(
      discounts(evaluate(lines, [percentOff(1, 10, only({ categories: ['shoes'] }))])),
    ).toEqual({ 1: 100, 2: 0, 3: 0, 4: 0 });
    expect(discounts(evaluate(lines, [percentOff(1, 10, only({ brands: ['BATA'] }))]))).toEqual({
      1: 0,
      2: 100,
      3: 0,
      4: 0,
    });
    const some = only({ productIds: [4], variantIds: [31, 99] });
    expect(discounts(evaluate(lines, [percentOff(1, 10, some)]))).toEqual({
      1: 0,
      2: 0,
      3: 100,
      4: 100,
    });
  });

  it('100 % takes a line to zero and no further', () => {
    const result = evaluate([line('a', 999, 3)], [percentOff(1, 100)]);
    expect(result.lines[0]).toMatchObject({ discountCents: 299_700, paidCents: 0 });
  });
});

describe('amount_off', () => {
  it('takes a fixed amount spread in proportion to the lines', () => {
    const result = evaluate([line('a', 1000), line('b', 3000)], [amountOff(1, 500)]);
    expect(discounts(result)).toEqual({ a: 125, b: 375 });
  });

  it('never more than what it applies to', () => {
    const result = evaluate(
      [line('a', 300, 1, { category: 'socks' }), line('b', 5000)],
      [amountOff(1, 500, only({ categories: ['socks'] }))],
    );
    expect(discounts(result)).toEqual({ a: 300, b: 0 });
    expect(applied(result)).toEqual([[1, 300]]);
  });

  it('gives nothing when no line is for it', () => {
    const result = evaluate([line('a', 300)], [amountOff(1, 500, only({ brands: ['Bata'] }))]);
    expect(result.applied).toEqual([]);
    expect(result.itemsDiscountCents).toBe(0);
  });
});

describe('free_delivery', () => {
  it('takes the whole fee off delivery, and nothing off the items', () => {
    const result = evaluate([line('a', 1000)], [freeDelivery(1)], { feeShillings: 250 });
    expect(result.deliveryDiscountCents).toBe(25_000);
    expect(result.itemsDiscountCents).toBe(0);
    expect(result.applied).toEqual([
      { promotionId: 1, name: 'Promotion 1', code: null, amountCents: 25_000, target: 'delivery' },
    ]);
  });

  it('for named counties only; a delivery with no county chosen is not one of them', () => {
    const nairobi = [freeDelivery(1, { counties: ['047'] })];
    expect(
      evaluate([line('a', 1000)], nairobi, { feeShillings: 250, county: '047' })
        .deliveryDiscountCents,
    ).toBe(25_000);
    expect(
      evaluate([line('a', 1000)], nairobi, { feeShillings: 250, county: '001' })
        .deliveryDiscountCents,
    ).toBe(0);
    expect(
      evaluate([line('a', 1000)], nairobi, { feeShillings: 250, county: null })
        .deliveryDiscountCents,
    ).toBe(0);
  });

  it('cheaper delivery: Ksh off the fee, never more than the fee', () => {
    const cheaper = [freeDelivery(1, { shillings: 100 })];
    expect(evaluate([line('a', 1000)], cheaper, { feeShillings: 250 }).deliveryDiscountCents).toBe(
      10_000,
    );
    expect(evaluate([line('a', 1000)], cheaper, { feeShillings: 80 }).deliveryDiscountCents).toBe(
      8_000,
    );
  });

  it('over a minimum: "free delivery over Ksh 2,500", counted on the items', () => {
    const over = [freeDelivery(1, {}, { minOrderCents: 250_000 })];
    expect(evaluate([line('a', 2499)], over, { feeShillings: 300 }).deliveryDiscountCents).toBe(0);
    expect(evaluate([line('a', 2500)], over, { feeShillings: 300 }).deliveryDiscountCents).toBe(
      30_000,
    );
  });
});

describe('buy_x_get_y', () => {
  it('2 + 1 free: the cheapest unit of three is free', () => {
    const result = evaluate([line('a', 1000), line('b', 500), line('c', 800)], [buyGet(1, 2, 1)]);
    expect(discounts(result)).toEqual({ a: 0, b: 500, c: 0 });
  });

  it('counts units across lines and quantities; each full group gives its cheapest', () => {
    // Seven units: two groups of three, so the two cheapest units (300 and 400) are free.
    const result = evaluate(
      [line('a', 1000, 3), line('b', 300), line('c', 400, 3)],
      [buyGet(1, 2, 1)],
    );
    expect(discounts(result)).toEqual({ a: 0, b: 300, c: 400 });
  });

  it('the units off are the cheapest overall (1 + 1 on 100, 90, 80, 70 frees 80 and 70)', () => {
    const result = evaluate(
      [line('a', 100), line('b', 90), line('c', 80), line('d', 70)],
      [buyGet(1, 1, 1)],
    );
    expect(discounts(result)).toEqual({ a: 0, b: 0, c: 80, d: 70 });
  });

  it('Y at N % off, rounded half up to the shilling', () => {
    // 3 + 2 at 25 % off: five units, the two cheapest (2 × 333) at 25 %: 166.50 → Ksh 167.
    const result = evaluate([line('a', 1000, 3), line('b', 333, 2)], [buyGet(1, 3, 2, 25)]);
    expect(result.itemsDiscountCents).toBe(16_700);
    expect(discounts(result)).toEqual({ a: 0, b: 167 });
  });

  it('gives nothing short of a full group, and only on the lines it is for', () => {
    expect(evaluate([line('a', 1000, 2)], [buyGet(1, 2, 1)]).applied).toEqual([]);
    const socks = only({ categories: ['socks'] });
    const result = evaluate(
      [line('a', 100, 2, { category: 'socks' }), line('b', 50, 5)],
      [buyGet(1, 2, 1, 100, socks)],
    );
    expect(result.applied).toEqual([]);
  });
});

describe('sale_price', () => {
  it('a sale price for the chosen products: what the unit saves, on every unit', () => {
    const result = evaluate(
      [line('1', 1000, 3, { productId: 1 }), line('2', 1000, 1, { productId: 2 })],
      [salePrice(1, { shillings: 800 }, only({ productIds: [1] }))],
    );
    expect(discounts(result)).toEqual({ 1: 600, 2: 0 });
    expect(result.applied[0]).toMatchObject({ amountCents: 60_000, saleUnits: 3 });
  });

  it('a percentage off, to the whole shilling as a display price is', () => {
    // 999 × 0.85 = 849.15 → Ksh 849: Ksh 150 off a unit.
    const sale = salePrice(1, { percent: 15 });
    expect(saleUnitPriceCents(sale, 99_900)).toBe(84_900);
    expect(discounts(evaluate([line('a', 999, 2)], [sale]))).toEqual({ a: 300 });
  });

  it('capped: units beyond the cap left pay the shelf price', () => {
    const result = evaluate([line('a', 1000, 3)], [salePrice(1, { shillings: 700, capLeft: 2 })]);
    expect(discounts(result)).toEqual({ a: 600 });
    expect(result.applied[0]!.saleUnits).toBe(2);
  });

  it('a cap over several lines goes to the units that save most, whatever their order', () => {
    const sale = salePrice(1, { percent: 50, capLeft: 3 });
    const lines = [line('a', 200, 2), line('b', 1000, 2), line('c', 600, 2)];
    const result = evaluate(lines, [sale]);
    expect(discounts(result)).toEqual({ a: 0, b: 1000, c: 300 });
    expect(discounts(evaluate([...lines].reverse(), [sale]))).toEqual(discounts(result));
  });

  it('nothing once the cap is reached, or when the shelf price is already lower', () => {
    expect(
      evaluate([line('a', 1000)], [salePrice(1, { shillings: 700, capLeft: 0 })]).applied,
    ).toEqual([]);
    expect(evaluate([line('a', 600)], [salePrice(1, { shillings: 700 })]).applied).toEqual([]);
    expect(saleUnitPriceCents(salePrice(1, { shillings: 700 }), 60_000)).toBeNull();
  });

  it('for chosen variants only', () => {
    const result = evaluate(
      [line('a', 1000, 1, { variantId: 7 }), line('b', 1000, 1, { variantId: 8 })],
      [salePrice(1, { shillings: 900 }, only({ variantIds: [8] }))],
    );
    expect(discounts(result)).toEqual({ a: 0, b: 100 });
  });
});

describe('lines of mixed tax types', () => {
  it('keep their own discounts, so VAT by type is worked out on what each line is sold for', () => {
    const lines = [
      line('b', 1000, 1, { taxType: 'B' }),
      line('e', 500, 2, { taxType: 'E' }),
      line('a', 300, 1, { taxType: 'A' }),
    ];
    const result = evaluate(lines, [amountOff(1, 230)]);
    // 230 over 1000 / 1000 / 300 (2,300): 100, 100, 30.
    expect(result.lines.map((l) => [l.key, l.taxType, l.discountCents])).toEqual([
      ['b', 'B', 10_000],
      ['e', 'E', 10_000],
      ['a', 'A', 3_000],
    ]);
    const sold = result.lines.map((l) => ({
      unitPriceCents: l.paidCents,
      quantity: 1,
      taxType: l.taxType,
    }));
    const taxable = taxableByType(sold, 0);
    expect(taxable).toMatchObject({ A: 27_000, B: 90_000, E: 90_000 });
    // 16 % of 900 + 8 % of 900 = 216; the total adds up to the items less the discount plus VAT.
    expect(vatOf(taxable, false)).toBe(21_600);
    const totals = checkoutTotals(sold, 0);
    expect(totals.totalCents).toBe(230_000 - 23_000 + 21_600);
  });
});

// How promotions combine (issue 36): the best automatic one per line, combinable ones stacking,
// one code on top, exclusive ones alone, and never below zero.
import { describe, expect, it } from 'vitest';
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

const shoes = only({ categories: ['shoes'] });
const coded = (code: string) => ({ code });

describe('automatic promotions', () => {
  it('each line gets the best one for it', () => {
    const lines = [
      line('s', 1000, 1, { category: 'shoes' }),
      line('b', 1000, 1, { category: 'bags' }),
    ];
    const result = evaluate(lines, [percentOff(1, 10), percentOff(2, 30, shoes)]);
    expect(discounts(result)).toEqual({ s: 300, b: 100 });
    expect(applied(result)).toEqual([
      [1, 100],
      [2, 300],
    ]);
  });

  it('a sale price and a percentage compete for a line like any two', () => {
    const lines = [line('1', 1000, 1, { productId: 1 }), line('2', 1000, 1, { productId: 2 })];
    const sale = salePrice(1, { shillings: 700 }, only({ productIds: [1] }));
    expect(discounts(evaluate(lines, [sale, percentOff(2, 20)]))).toEqual({ 1: 300, 2: 200 });
    expect(discounts(evaluate(lines, [sale, percentOff(2, 40)]))).toEqual({ 1: 400, 2: 400 });
  });

  it('an amount off the order that loses a line spends itself on the others', () => {
    // 10 % of the 5,000 shoes (500) beats their share of Ksh 400 (200): the 400 goes to the bag.
    const lines = [
      line('s', 5000, 1, { category: 'shoes' }),
      line('b', 5000, 1, { category: 'bags' }),
    ];
    const result = evaluate(lines, [amountOff(1, 400), percentOff(2, 10, shoes)]);
    expect(discounts(result)).toEqual({ s: 500, b: 400 });
  });

  it('a buy X get Y counts units another promotion discounts, and frees the others', () => {
    // 10 % off both pairs of shoes; socks are the cheapest of the three units, so free.
    const lines = [
      line('s', 5000, 2, { category: 'shoes' }),
      line('k', 500, 1, { category: 'socks' }),
    ];
    const result = evaluate(lines, [buyGet(1, 2, 1), percentOff(2, 10, shoes)]);
    expect(discounts(result)).toEqual({ s: 1000, k: 500 });
  });

  it('combinable ones stack on the best, each taking its share of what is left', () => {
    const result = evaluate(
      [line('a', 1000)],
      [percentOff(1, 10, { combinable: true }), percentOff(2, 20)],
    );
    // 20 % of 1,000, then 10 % of the 800 left.
    expect(applied(result)).toEqual([
      [2, 200],
      [1, 80],
    ]);
    expect(discounts(result)).toEqual({ a: 280 });
  });

  it('stack in the order sale price, buy X get Y, percentage, amount, whatever their ids', () => {
    const result = evaluate(
      [line('a', 1000)],
      [amountOff(1, 100, { combinable: true }), percentOff(2, 10, { combinable: true })],
    );
    expect(applied(result)).toEqual([
      [2, 100],
      [1, 100],
    ]);
  });

  it('the best delivery offer, then the combinable ones on what is left of the fee', () => {
    const result = evaluate(
      [line('a', 1000)],
      [
        freeDelivery(1, { shillings: 50 }),
        freeDelivery(2, { shillings: 120 }),
        freeDelivery(3, { shillings: 100 }, { combinable: true }),
      ],
      { feeShillings: 200 },
    );
    expect(applied(result)).toEqual([
      [2, 120],
      [3, 80],
    ]);
    expect(result.deliveryDiscountCents).toBe(20_000);
  });
});

describe('a code', () => {
  it('applies on top of the automatic promotions, on what they left', () => {
    const result = evaluate(
      [line('a', 1000), line('b', 1000)],
      [percentOff(1, 10), amountOff(2, 300, coded('TAKE300'))],
      { code: 'take300' },
    );
    expect(applied(result)).toEqual([
      [1, 200],
      [2, 300],
    ]);
    expect(discounts(result)).toEqual({ a: 250, b: 250 });
    expect(result.coupon).toEqual({ status: 'applied', promotionId: 2, code: 'TAKE300' });
  });

  it('only the code typed applies: other codes are not automatic', () => {
    const result = evaluate([line('a', 1000)], [percentOff(1, 10, coded('TEN'))]);
    expect(result.applied).toEqual([]);
    expect(result.coupon).toBeNull();
  });

  it('a free delivery code takes delivery only', () => {
    const result = evaluate([line('a', 1000)], [freeDelivery(1, {}, coded('SHIPFREE'))], {
      code: 'shipfree',
      feeShillings: 300,
    });
    expect(result.deliveryDiscountCents).toBe(30_000);
    expect(result.itemsDiscountCents).toBe(0);
  });
});

describe('an exclusive promotion applies alone: the shopper gets the better option', () => {
  const lines = [line('a', 1000), line('b', 1000)];
  const automatic = [percentOff(1, 10), freeDelivery(2)];

  it('an exclusive code worth more than the automatic ones replaces them', () => {
    const result = evaluate(
      lines,
      [...automatic, percentOff(3, 20, { code: 'VIP', exclusive: true })],
      {
        code: 'VIP',
        feeShillings: 200,
      },
    );
    expect(applied(result)).toEqual([[3, 400]]);
    expect(result.coupon).toMatchObject({ status: 'applied' });
  });

  it('an exclusive code worth less is refused as the worse offer; the automatic ones stay', () => {
    const result = evaluate(
      lines,
      [...automatic, percentOff(3, 15, { code: 'VIP', exclusive: true })],
      {
        code: 'VIP',
        feeShillings: 200,
      },
    );
    // 10 % (200) and free delivery (200) beat 15 % (300).
    expect(applied(result)).toEqual([
      [1, 200],
      [2, 200],
    ]);
    expect(result.coupon).toEqual({ status: 'refused', reason: 'better_offer' });
  });

  it('a tie goes to the code the shopper typed', () => {
    const result = evaluate(
      lines,
      [percentOff(1, 10), amountOff(3, 200, { code: 'VIP', exclusive: true })],
      {
        code: 'VIP',
      },
    );
    expect(applied(result)).toEqual([[3, 200]]);
  });

  it('an exclusive automatic promotion against all the others, code included', () => {
    const promotions = [
      percentOff(1, 10),
      amountOff(2, 100, coded('HUNDRED')),
      percentOff(3, 25, { exclusive: true }),
    ];
    const result = evaluate(lines, promotions, { code: 'HUNDRED' });
    expect(applied(result)).toEqual([[3, 500]]);
    expect(result.coupon).toEqual({ status: 'refused', reason: 'better_offer' });
    const smaller = evaluate(
      lines,
      [...promotions.slice(0, 2), percentOff(3, 12, { exclusive: true })],
      {
        code: 'HUNDRED',
      },
    );
    expect(applied(smaller)).toEqual([
      [1, 200],
      [2, 100],
    ]);
  });
});

describe('totals are never below zero', () => {
  it('however much stacks: lines stop at zero, delivery at its fee', () => {
    const result = evaluate(
      [line('a', 100), line('b', 250, 2)],
      [
        percentOff(1, 100),
        amountOff(2, 5000, { combinable: true }),
        salePrice(3, { shillings: 1 }, { combinable: true }),
        amountOff(4, 999, coded('MORE')),
        freeDelivery(5),
        freeDelivery(6, { shillings: 70 }, { combinable: true }),
      ],
      { code: 'MORE', feeShillings: 100 },
    );
    expect(result.lines.map((l) => l.paidCents)).toEqual([0, 0]);
    expect(result.itemsDiscountCents).toBe(60_000);
    expect(result.deliveryDiscountCents).toBe(10_000);
    expect(result.coupon).toEqual({ status: 'refused', reason: 'better_offer' });
  });
});

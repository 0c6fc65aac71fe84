// Properties of the engine over random carts and promotions (issue 36): never below zero, every
// promotion's amount whole shillings and spread to the cent, and the same result whatever the
// order of the lines or of the promotions (medusa#13431).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_TYPES } from '../tax/tax-types.ts';
import { NOW } from './engine-fixtures.ts';
import { evaluatePromotions } from './evaluate.ts';
import type {
  CartDiscountInput,
  CartDiscounts,
  PromotionLine,
  PromotionOffer,
  PromotionRule,
} from './engine-types.ts';

const HOUR = 3_600_000;
const RUNS = { numRuns: 300 };

const lineArb = (key: string) =>
  fc.record({
    key: fc.constant(key),
    productId: fc.integer({ min: 1, max: 5 }),
    variantId: fc.option(fc.integer({ min: 1, max: 10 })),
    category: fc.constantFrom('shoes', 'bags', 'socks'),
    brand: fc.option(fc.constantFrom('Bata', 'nike', 'NIKE')),
    unitPriceCents: fc
      .oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 50 }))
      .map((shillings) => shillings * 100),
    quantity: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 40 })),
    taxType: fc.constantFrom(...TAX_TYPES),
  }) satisfies fc.Arbitrary<PromotionLine>;

const linesArb = fc
  .integer({ min: 0, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(`line-${i}`))));

/** Mostly null: most promotions are live, without limits, for everyone. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: arb, weight: 1 });

const bp = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(1_000, 5_000, 10_000));
const shillings = (max: number) => fc.integer({ min: 1, max }).map((s) => s * 100);

const offerArb: fc.Arbitrary<PromotionOffer> = fc.oneof(
  fc.record({ type: fc.constant('percent_off' as const), percentBp: bp }),
  fc.record({ type: fc.constant('amount_off' as const), amountCents: shillings(200_000) }),
  fc.record({
    type: fc.constant('free_delivery' as const),
    amountCents: fc.option(shillings(1_000)),
    counties: fc.option(fc.subarray(['047', '001', '022'], { minLength: 1 })),
  }),
  fc.record({
    type: fc.constant('buy_x_get_y' as const),
    buyQuantity: fc.integer({ min: 1, max: 4 }),
    getQuantity: fc.integer({ min: 1, max: 3 }),
    getPercentBp: bp,
  }),
  fc
    .record({
      type: fc.constant('sale_price' as const),
      price: fc.oneof(
        fc.record({
          salePriceCents: fc.integer({ min: 0, max: 100_000 }).map((s) => s * 100),
          percentBp: fc.constant(null),
        }),
        fc.record({ salePriceCents: fc.constant(null), percentBp: bp }),
      ),
      capLeft: fc.option(fc.integer({ min: 0, max: 30 })),
    })
    .map(({ price, ...sale }) => ({ ...sale, ...price })),
);

const targetArb = fc.option(
  fc.record({
    productIds: fc.subarray([1, 2, 3, 4, 5]),
    variantIds: fc.subarray([1, 2, 3, 7]),
    categories: fc.subarray(['shoes', 'bags']),
    brands: fc.subarray(['Nike', 'bata']),
  }),
  { freq: 2 },
);

const ruleArb = (id: number): fc.Arbitrary<PromotionRule> =>
  fc
    .record({
      offer: offerArb,
      code: fc.oneof(
        { arbitrary: fc.constant(null), weight: 2 },
        { arbitrary: fc.constantFrom('ALPHA', 'BETA'), weight: 1 },
      ),
      appliesTo: targetArb,
      minOrderCents: rarely(fc.integer({ min: 0, max: 500_000 }).map((s) => s * 100)).map(
        (cents) => cents ?? 0,
      ),
      startsAt: rarely(
        fc.integer({ min: -3, max: 3 }).map((h) => new Date(NOW.getTime() + h * HOUR)),
      ),
      endsAt: rarely(
        fc.integer({ min: -3, max: 3 }).map((h) => new Date(NOW.getTime() + h * HOUR)),
      ),
      usesLeft: rarely(fc.integer({ min: 0, max: 3 })),
      customerUsesLeft: rarely(fc.integer({ min: 0, max: 1 })),
      firstOrderOnly: rarely(fc.constant(true)).map(Boolean),
      exclusive: rarely(fc.constant(true)).map(Boolean),
      combinable: fc.boolean(),
    })
    .map(({ offer, ...terms }) => ({ id, name: `P${id}`, ...terms, ...offer }));

const promotionsArb = fc
  .integer({ min: 0, max: 7 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(i + 1))));

const inputArb: fc.Arbitrary<CartDiscountInput> = fc.record({
  lines: linesArb,
  delivery: fc.record({
    countyCode: fc.constantFrom('047', '001', null),
    feeCents: fc.integer({ min: 0, max: 1_000 }).map((s) => s * 100),
  }),
  promotions: promotionsArb,
  couponCode: fc.option(fc.constantFrom('alpha', 'BETA', 'GAMMA', ' beta ')),
  context: fc.record({ now: fc.constant(NOW), isFirstOrder: fc.boolean() }),
});

/** The result with lines in key order: what must not depend on the order they came in. */
const byKey = (result: CartDiscounts) => ({
  ...result,
  lines: [...result.lines].sort((a, b) => (a.key < b.key ? -1 : 1)),
});

describe('the promotions engine, over random carts and promotions', () => {
  it('never takes a line below zero or delivery below zero, and adds up to the cent', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = evaluatePromotions(input);
        for (const l of result.lines) {
          expect(l.discountCents).toBeGreaterThanOrEqual(0);
          expect(l.discountCents).toBeLessThanOrEqual(l.amountCents);
          expect(l.paidCents).toBe(l.amountCents - l.discountCents);
          expect(l.promotions.reduce((s, p) => s + p.amountCents, 0)).toBe(l.discountCents);
        }
        expect(result.deliveryDiscountCents).toBeGreaterThanOrEqual(0);
        expect(result.deliveryDiscountCents).toBeLessThanOrEqual(input.delivery.feeCents);
        expect(result.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(
          result.itemsDiscountCents,
        );
        for (const a of result.applied) {
          expect(a.amountCents).toBeGreaterThan(0);
          expect(a.amountCents % 100).toBe(0);
          const spread = result.lines.reduce(
            (s, l) =>
              s + (l.promotions.find((p) => p.promotionId === a.promotionId)?.amountCents ?? 0),
            0,
          );
          expect(spread).toBe(a.target === 'items' ? a.amountCents : 0);
        }
        const sum = (target: string) =>
          result.applied.filter((a) => a.target === target).reduce((s, a) => s + a.amountCents, 0);
        expect(sum('items')).toBe(result.itemsDiscountCents);
        expect(sum('delivery')).toBe(result.deliveryDiscountCents);
        if (result.coupon?.status === 'applied') {
          expect(result.applied.map((a) => a.promotionId)).toContain(result.coupon.promotionId);
        }
      }),
      RUNS,
    );
  });

  it('gives the same result whatever the order of the lines and of the promotions', () => {
    const shuffled = inputArb.chain((input) =>
      fc.record({
        input: fc.constant(input),
        lines: fc.shuffledSubarray([...input.lines], {
          minLength: input.lines.length,
          maxLength: input.lines.length,
        }),
        promotions: fc.shuffledSubarray([...input.promotions], {
          minLength: input.promotions.length,
          maxLength: input.promotions.length,
        }),
      }),
    );
    fc.assert(
      fc.property(shuffled, ({ input, lines, promotions }) => {
        const once = evaluatePromotions(input);
        const again = evaluatePromotions({ ...input, lines, promotions });
        expect(again.lines.map((l) => l.key)).toEqual(lines.map((l) => l.key));
        expect(byKey(again)).toEqual(byKey(once));
      }),
      RUNS,
    );
  });
});

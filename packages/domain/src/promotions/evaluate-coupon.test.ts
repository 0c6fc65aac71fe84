// A code typed at checkout (issue 36): applied, or refused with the reason the shopper is told.
import { describe, expect, it } from 'vitest';
import type { CouponOutcome } from './engine-types.ts';
import {
  amountOff,
  evaluate,
  freeDelivery,
  line,
  NOW,
  only,
  percentOff,
  salePrice,
} from './engine-fixtures.ts';
import { COUPON_MESSAGES, couponRefusalMessage } from './messages.ts';

const cart = [line('a', 1500), line('b', 500)]; // Ksh 2,000 of items
const code = (terms: Parameters<typeof percentOff>[2] = {}) =>
  percentOff(9, 10, { code: 'SAVE10', ...terms });
const outcome = (
  promotion: ReturnType<typeof code>,
  options: Parameters<typeof evaluate>[2] = {},
) => evaluate(cart, [promotion], { code: 'SAVE10', ...options }).coupon;
const HOUR = 3_600_000;

describe('a code is refused with its reason', () => {
  it('applies when all is well, typed in any case with spaces around', () => {
    const result = evaluate(cart, [code()], { code: '  save10 ' });
    expect(result.coupon).toEqual({ status: 'applied', promotionId: 9, code: 'SAVE10' });
    expect(result.itemsDiscountCents).toBe(20_000);
  });

  it('invalid: no such code, or no code at all', () => {
    for (const typed of ['SAVE11', '', 'SAVE 10', 'a'.repeat(2000), 'SAVE\u000010', '{{coupon}}']) {
      expect(evaluate(cart, [code()], { code: typed }).coupon).toEqual({
        status: 'refused',
        reason: 'invalid',
      });
    }
  });

  it('not started yet, and expired at its end (the end is not part of it)', () => {
    const startsLater = code({ startsAt: new Date(NOW.getTime() + HOUR) });
    expect(outcome(startsLater)).toEqual({ status: 'refused', reason: 'not_started' });
    expect(outcome(code({ startsAt: NOW }))).toMatchObject({ status: 'applied' });
    expect(outcome(code({ endsAt: NOW }))).toEqual({ status: 'refused', reason: 'expired' });
    expect(outcome(code({ endsAt: new Date(NOW.getTime() + 1) }))).toMatchObject({
      status: 'applied',
    });
  });

  it('used up (reserved uses count), already used by this shopper, first order only', () => {
    expect(outcome(code({ usesLeft: 0 }))).toEqual({ status: 'refused', reason: 'used_up' });
    expect(outcome(code({ usesLeft: 1 }))).toMatchObject({ status: 'applied' });
    expect(outcome(code({ customerUsesLeft: 0 }))).toEqual({ status: 'refused', reason: 'used' });
    expect(outcome(code({ firstOrderOnly: true }))).toEqual({
      status: 'refused',
      reason: 'first_order',
    });
    expect(outcome(code({ firstOrderOnly: true }), { firstOrder: true })).toMatchObject({
      status: 'applied',
    });
  });

  it('the minimum counts the items before delivery and before any promotion', () => {
    expect(outcome(code({ minOrderCents: 200_000 }))).toMatchObject({ status: 'applied' });
    const more = code({ minOrderCents: 200_100 });
    // Delivery does not count towards it.
    expect(outcome(more, { feeShillings: 500 })).toEqual({
      status: 'refused',
      reason: 'min_order',
      minOrderCents: 200_100,
    });
    // A sale that brings the items below it does not take the code away.
    const sale = salePrice(1, { shillings: 1000 });
    const result = evaluate(cart, [sale, code({ minOrderCents: 200_000 })], { code: 'SAVE10' });
    expect(result.coupon).toMatchObject({ status: 'applied' });
  });

  it('not applicable: nothing in the cart is for it, or not delivery to this county', () => {
    expect(outcome(code(only({ brands: ['Bata'] })))).toEqual({
      status: 'refused',
      reason: 'not_applicable',
    });
    const delivery = freeDelivery(9, { counties: ['001'] }, { code: 'SAVE10' });
    expect(outcome(delivery, { feeShillings: 300, county: '047' })).toEqual({
      status: 'refused',
      reason: 'not_applicable',
    });
  });

  it('a better offer: the automatic promotions already took what it would', () => {
    const result = evaluate(cart, [freeDelivery(1), freeDelivery(9, {}, { code: 'SAVE10' })], {
      code: 'SAVE10',
      feeShillings: 300,
    });
    expect(result.coupon).toEqual({ status: 'refused', reason: 'better_offer' });
    expect(result.applied.map((a) => a.promotionId)).toEqual([1]);
  });

  it('a refused code leaves the automatic promotions as they were', () => {
    const automatic = [percentOff(1, 10), amountOff(2, 50, { combinable: true })];
    const without = evaluate(cart, automatic);
    const refused = evaluate(cart, [...automatic, code({ usesLeft: 0 })], { code: 'SAVE10' });
    expect(refused.lines).toEqual(without.lines);
    expect(refused.applied).toEqual(without.applied);
  });

  it('automatic promotions whose terms are not met are left out silently', () => {
    const result = evaluate(cart, [
      percentOff(1, 10, { endsAt: NOW }),
      percentOff(2, 20, { firstOrderOnly: true }),
      percentOff(3, 30, { minOrderCents: 1_000_000 }),
      percentOff(4, 40, { usesLeft: 0 }),
      percentOff(5, 5),
    ]);
    expect(result.applied.map((a) => a.promotionId)).toEqual([5]);
    expect(result.coupon).toBeNull();
  });
});

describe('what the shopper is told', () => {
  const refused = (reason: string, more = {}) =>
    ({ status: 'refused', reason, ...more }) as Extract<CouponOutcome, { status: 'refused' }>;

  it('in plain words, the minimum as the shop writes shillings', () => {
    expect(couponRefusalMessage(refused('expired'))).toBe('This code has expired.');
    expect(couponRefusalMessage(refused('min_order', { minOrderCents: 200_000 }))).toBe(
      'Spend Ksh 2,000 or more to use this code.',
    );
    expect(couponRefusalMessage(refused('used'))).toBe('You have already used this code.');
    expect(couponRefusalMessage(refused('invalid'))).toBe('This code is not valid.');
    for (const reason of [
      'not_started',
      'used_up',
      'first_order',
      'not_applicable',
      'better_offer',
    ]) {
      expect(Object.values(COUPON_MESSAGES)).toContain(couponRefusalMessage(refused(reason)));
    }
  });
});

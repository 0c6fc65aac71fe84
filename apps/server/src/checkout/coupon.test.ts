// The cart's coupon code (issue 36): POST and DELETE /api/cart/coupon answer the cart's summary
// with its discounts, or 422 with why not in plain words (never a 400 or a 5xx for a code that
// cannot be one); wrong codes are limited per account and per address (429). Step 3's summary
// lists each discount by name, and recomputes when the cart changes. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COUPON_MESSAGES, minOrderMessage } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { createPayment, product } from '../../test/checkout-fixture.ts';
import { freshCode, promotion, readyShoppers } from '../../test/promotions-fixture.ts';
import { cartCoupons } from '../cart/schema.ts';
import { orders } from '../orders/schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ WRONG_COUPONS_PER_ACCOUNT: '4', WRONG_COUPONS_PER_ADDRESS: '1000' });
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const apply = (who: LoggedIn | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/coupon',
    headers: who?.auth ?? {},
    payload: payload as object,
  });
const removeCode = (who: LoggedIn) =>
  t.app.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: who.auth });
const summaryOf = async (who: LoggedIn) =>
  (await t.app.inject({ url: '/api/checkout/summary', headers: who.auth })).json();
const shopperWith = async (lines: [number, number][]) =>
  (await readyShoppers(t.app, t.db, 1, lines))[0]!;

describe('POST /api/cart/coupon', () => {
  it("applies a code in any case and answers the cart's summary with the discount; DELETE takes it off", async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 10 });
    const code = freshCode('SAVE');
    await promotion(t.app, boss, { name: 'Ksh 150 off', code, type: 'amount_off', value: 150 });
    const who = await shopperWith([[p, 2]]);

    const res = await apply(who, { code: ` ${code.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      itemsCents: 200_000,
      shippingCents: 5_000,
      discounts: [{ name: 'Ksh 150 off', code, amountCents: 15_000, on: 'items' }],
      discountTotalCents: 15_000,
      // 16 % of Ksh 1,900 = 304.
      vatCents: 30_400,
      totalCents: 185_000 + 5_000 + 30_400,
      coupon: { code, message: null },
    });
    // Step 3 shows the same, and recomputes when a line changes.
    expect(await summaryOf(who)).toEqual(res.json());
    await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/${p}`,
      headers: who.auth,
      payload: { quantity: 1 },
    });
    expect(await summaryOf(who)).toMatchObject({ itemsCents: 100_000, discountTotalCents: 15_000 });

    const removed = await removeCode(who);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ discounts: [], discountTotalCents: 0, coupon: null });
    expect(await t.db.select().from(cartCoupons).where(eq(cartCoupons.userId, who.id))).toEqual([]);
  });

  it("is the signed-in shopper's own: another shopper's cart gets no discount and cannot take it off", async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 10 });
    const code = freshCode('MINE');
    await promotion(t.app, boss, { name: 'Ksh 100 off', code, type: 'amount_off', value: 100 });
    const [owner, other] = await readyShoppers(t.app, t.db, 2, [[p, 1]]);
    expect((await apply(owner!, { code, user_id: other!.id })).statusCode).toBe(200);
    expect(await summaryOf(other!)).toMatchObject({ discounts: [], coupon: null });
    expect((await removeCode(other!)).statusCode).toBe(200);
    expect(await summaryOf(owner!)).toMatchObject({ discountTotalCents: 10_000, coupon: { code } });
    expect((await apply(undefined, { code })).statusCode).toBe(401);
  });

  it('refuses in plain words: expired, not yet, minimum order, used up, not valid', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 10 });
    const who = await shopperWith([[p, 1]]);
    const expired = freshCode('OLD');
    await promotion(t.app, boss, {
      name: 'Last year',
      code: expired,
      type: 'percent_off',
      value: 10,
      starts_at: '2025-11-01T00:00:00+03:00',
      ends_at: '2025-11-30T00:00:00+03:00',
    });
    const later = freshCode('SOON');
    await promotion(t.app, boss, {
      name: 'Next year',
      code: later,
      type: 'percent_off',
      value: 10,
      starts_at: '2036-01-01T00:00:00+03:00',
    });
    const big = freshCode('BIG');
    await promotion(t.app, boss, {
      name: 'Big spenders',
      code: big,
      type: 'amount_off',
      value: 200,
      min_order: 2_000,
    });
    const gone = freshCode('GONE');
    await promotion(t.app, boss, {
      name: 'One only',
      code: gone,
      type: 'amount_off',
      value: 10,
      usage_limit: 1,
    });
    const first = await shopperWith([[p, 1]]);
    expect((await apply(first, { code: gone })).statusCode).toBe(200);
    expect((await createPayment(t.app, first)).statusCode).toBe(200);

    for (const [code, message] of [
      [expired, COUPON_MESSAGES.expired],
      [later, COUPON_MESSAGES.notStarted],
      [big, minOrderMessage(200_000)],
      [gone, COUPON_MESSAGES.usedUp],
      ['NOSUCHCODE', COUPON_MESSAGES.invalid],
    ] as const) {
      const res = await apply(who, { code });
      expect([res.statusCode, res.json().error]).toEqual([422, message]);
    }
    expect(minOrderMessage(200_000)).toBe('Spend Ksh 2,000 or more to use this code.');
    // Nothing refused was kept on the cart.
    expect((await summaryOf(who)).coupon).toBeNull();
  });

  it("answers a code that cannot be one with 422 'This code is not valid.', never 400 or 5xx", async () => {
    const bad: unknown[] = [
      { code: '' },
      { code: 'A'.repeat(2_000) },
      { code: 'SAVE\u0000' },
      { code: 'SAVE\n10' },
      { code: 'SAVE 10%' },
      { code: '{{coupon}}' },
      { code: 42 },
      {},
      [],
    ];
    // One shopper each: this account's limit of wrong codes is another test's.
    const guessers = await readyShoppers(t.app, t.db, bad.length, []);
    for (const [i, payload] of bad.entries()) {
      const res = await apply(guessers[i]!, payload);
      expect([res.statusCode, res.json().error], JSON.stringify(payload)).toEqual([
        422,
        COUPON_MESSAGES.invalid,
      ]);
    }
  });

  it('answers 429 after too many wrong codes from one account, while a right code does not count', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    const code = freshCode('RIGHT');
    await promotion(t.app, boss, { name: 'Right', code, type: 'amount_off', value: 5 });
    const who = await shopperWith([[p, 1]]);
    for (let i = 0; i < 6; i++) expect((await apply(who, { code })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await apply(who, { code: `WRONG${i}` })).statusCode).toBe(422);
    const blocked = await apply(who, { code: 'WRONG9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(COUPON_MESSAGES.tooManyTries);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Blocked even for a right code, for a while; another shopper is not.
    expect((await apply(who, { code })).statusCode).toBe(429);
    const other = await shopperWith([[p, 1]]);
    expect((await apply(other, { code })).statusCode).toBe(200);
  });

  it('answers 429 after too many wrong codes from one address, whichever account', async () => {
    const ctx = await createTestApp({ WRONG_COUPONS_PER_ADDRESS: '3' });
    try {
      const shoppers = await readyShoppers(ctx.app, ctx.db, 4, []);
      const answers = [];
      for (const who of shoppers) {
        answers.push(
          (
            await ctx.app.inject({
              method: 'POST',
              url: '/api/cart/coupon',
              headers: who.auth,
              payload: { code: `GUESS${who.id}` },
            })
          ).statusCode,
        );
      }
      expect(answers).toEqual([422, 422, 422, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('needs a token', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/cart/coupon', payload: { code: 'X' } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('each kind of promotion, through to the order', () => {
  it('buy X get Y, free delivery and a sale price, stacked with a coupon; an exclusive one alone', async () => {
    const shirt = await product(t.db, { priceCents: 100_000, stock: 50 }); // Ksh 1,000
    const mug = await product(t.db, { priceCents: 30_000, stock: 50 }); // Ksh 300
    const ids = [
      await promotion(t.app, boss, {
        name: '2 + 1 shirts',
        type: 'buy_x_get_y',
        buy_quantity: 2,
        get_quantity: 1,
        applies_to: { product_ids: [shirt] },
      }),
      await promotion(t.app, boss, {
        name: 'Mug sale',
        type: 'sale_price',
        sale_price: 200,
        applies_to: { product_ids: [mug] },
      }),
    ];
    const delivery = freshCode('SHIP');
    await promotion(t.app, boss, { name: 'Free delivery', code: delivery, type: 'free_delivery' });
    const who = await shopperWith([
      [shirt, 3],
      [mug, 2],
    ]);
    const res = await apply(who, { code: delivery });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      itemsCents: 360_000,
      shippingCents: 5_000,
      discounts: expect.arrayContaining([
        { name: 'Mug sale', code: null, amountCents: 20_000, on: 'items' },
        { name: '2 + 1 shirts', code: null, amountCents: 100_000, on: 'items' },
        { name: 'Free delivery', code: delivery, amountCents: 5_000, on: 'delivery' },
      ]),
      discountTotalCents: 125_000,
      // 16 % of Ksh 2,400 (2,000 of shirts + 400 of mugs, delivery free) = 384.
      vatCents: 38_400,
      totalCents: 240_000 + 38_400,
    });
    const made = await createPayment(t.app, who);
    expect(made.statusCode, made.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, made.json().order_id));
    expect(order).toMatchObject({ discountCents: 125_000, totalCents: 278_400 });

    // An exclusive code that takes off more applies alone.
    const alone = freshCode('ALONE');
    await promotion(t.app, boss, {
      name: 'Half off alone',
      code: alone,
      type: 'percent_off',
      value: 50,
      exclusive: true,
    });
    const other = await shopperWith([
      [shirt, 3],
      [mug, 2],
    ]);
    const exclusive = await apply(other, { code: alone });
    expect(exclusive.statusCode, exclusive.body).toBe(200);
    expect(exclusive.json()).toMatchObject({
      discounts: [{ name: 'Half off alone', code: alone, amountCents: 180_000, on: 'items' }],
      discountTotalCents: 180_000,
    });
    for (const id of ids) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/promotions/${id}`,
        headers: boss.auth,
      });
    }
  });
});

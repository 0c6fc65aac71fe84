// Promotions at checkout (issue 36, slice 3): the order is made with its discounts, each use is
// reserved in the order's transaction and released when the payment fails, is cancelled or
// expires, used once paid; limits hold under a rush of shoppers on two instances. Runs on PGlite
// and, in CI's second pass, on PostgreSQL (where the races are full size).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { COUPON_MESSAGES, checkoutTotals } from '@duka/domain';
import type { App } from '../app.ts';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { approveSandbox, createPayment, execute, product } from '../../test/checkout-fixture.ts';
import { freshCode, promotion, readyShoppers } from '../../test/promotions-fixture.ts';
import { expireStaleOrders } from '../orders/expiry.ts';
import { orderDiscounts, orderItems, orders } from '../orders/schema.ts';
import { promotionUses } from '../promotions/schema.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const usesOf = (promotionId: number) =>
  t.db.select().from(promotionUses).where(eq(promotionUses.promotionId, promotionId));
const one = async (n: number, lines: [number, number][], code: string | null = null) =>
  (await readyShoppers(t.app, t.db, n, lines, code))[0]!;

const applyCode = (who: LoggedIn, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/cart/coupon', headers: who.auth, payload: { code } });

async function pay(who: LoggedIn, paymentId: string) {
  const res = await execute(t.app, who, paymentId, await approveSandbox(t.app, paymentId));
  expect(res.statusCode, res.body).toBe(200);
}

describe('an order with a coupon', () => {
  it('is made at the discounted total, keeps its discounts and reserves the use; paid, it is used', async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 10 }); // Ksh 1,000
    const code = freshCode('TENOFF');
    const id = await promotion(t.app, boss, {
      name: '10 % off',
      code,
      type: 'percent_off',
      value: 10,
    });
    const who = await one(1, [[p, 2]], code);

    const res = await createPayment(t.app, who);
    expect(res.statusCode, res.body).toBe(200);
    const { order_id: orderId, paymentId } = res.json();
    // Ksh 2,000 − 200, plus Ksh 50 delivery; VAT on what is paid.
    const expected = checkoutTotals(
      [{ unitPriceCents: 100_000, quantity: 2, discountCents: 20_000 }],
      5_000,
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      itemsCents: 200_000,
      discountCents: 20_000,
      vatCents: expected.vatCents,
      totalCents: expected.totalCents,
    });
    expect(expected.totalCents).toBe(180_000 + 5_000 + 29_600);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line!.discountCents).toBe(20_000);
    expect(
      await t.db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, orderId)),
    ).toEqual([
      expect.objectContaining({
        promotionId: id,
        name: '10 % off',
        code,
        amountCents: 20_000,
        target: 'items',
      }),
    ]);
    expect((await usesOf(id)).map((u) => [u.orderId, u.status])).toEqual([[orderId, 'reserved']]);

    await pay(who, paymentId);
    expect((await usesOf(id)).map((u) => u.status)).toEqual(['used']);

    // The order's API lists the discount by name: the shopper's order, their list, the admin's.
    const shown = {
      discounts: [{ name: '10 % off', code, amount: 20_000 }],
      discount_total: 20_000,
    };
    const own = await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth });
    expect(own.json()).toMatchObject({ ...shown, order_total: expected.totalCents });
    const listed = await t.app.inject({ url: '/api/order', headers: who.auth });
    expect(listed.json().orders[0]).toMatchObject({ id: orderId, ...shown });
    const seen = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: boss.auth });
    expect(seen.json()).toMatchObject(shown);
  });

  it('a cancelled payment or an expired order gives the use back, so another shopper can have it', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 10 });
    const code = freshCode('ONCE');
    const id = await promotion(t.app, boss, {
      name: 'Ksh 100 off, once',
      code,
      type: 'amount_off',
      value: 100,
      usage_limit: 1,
    });
    const [a, b, c] = await readyShoppers(t.app, t.db, 3, [[p, 1]], code);
    const first = await createPayment(t.app, a!);
    expect(first.statusCode, first.body).toBe(200);
    // Reserved: the next shopper hears it is used up.
    const refused = await createPayment(t.app, b!);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(COUPON_MESSAGES.usedUp);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/cancel-payment',
      headers: a!.auth,
      payload: { paymentId: first.json().paymentId },
    });
    expect(cancelled.json()).toEqual({ cancelled: true });
    expect((await usesOf(id)).map((u) => u.status)).toEqual(['released']);

    const second = await createPayment(t.app, b!);
    expect(second.statusCode, second.body).toBe(200);
    await expireStaleOrders(t.app.payments, new Date(Date.now() + 24 * 3_600_000));
    const [expired] = await t.db.select().from(orders).where(eq(orders.id, second.json().order_id));
    expect(expired!.status).toBe('cancelled');
    expect((await usesOf(id)).map((u) => u.status).sort()).toEqual(['released', 'released']);

    const third = await createPayment(t.app, c!);
    expect(third.statusCode, third.body).toBe(200);
    await pay(c!, third.json().paymentId);
    expect((await usesOf(id)).filter((u) => u.status === 'used')).toHaveLength(1);
  });

  it('a shopper paying again keeps one use of the code, and a new checkout replaces the old one', async () => {
    const p = await product(t.db, { priceCents: 30_000, stock: 10 });
    const code = freshCode('MINE');
    const id = await promotion(t.app, boss, {
      name: 'Once each',
      code,
      type: 'amount_off',
      value: 20,
      per_customer_limit: 1,
    });
    const who = await one(1, [[p, 1]], code);
    const first = await createPayment(t.app, who);
    expect(first.statusCode, first.body).toBe(200);
    const again = await createPayment(t.app, who);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order_id).toBe(first.json().order_id);
    expect((await usesOf(id)).map((u) => u.status)).toEqual(['reserved']);
    await pay(who, again.json().paymentId);

    // Used: the code left the cart with the order, and the shopper cannot apply it again.
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: who.auth,
      payload: { product_id: p },
    });
    const next = await applyCode(who, code);
    expect(next.statusCode).toBe(422);
    expect(next.json().error).toBe(COUPON_MESSAGES.used);
  });

  it('a first-order code is for a shopper with no order that brought money in', async () => {
    const p = await product(t.db, { priceCents: 30_000, stock: 10 });
    const code = freshCode('FIRST');
    await promotion(t.app, boss, {
      name: 'Welcome',
      code,
      type: 'percent_off',
      value: 5,
      first_order_only: true,
    });
    const who = await one(1, [[p, 1]], code);
    const first = await createPayment(t.app, who);
    expect(first.statusCode, first.body).toBe(200);
    await pay(who, first.json().paymentId);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: who.auth,
      payload: { product_id: p },
    });
    const second = await applyCode(who, code);
    expect(second.statusCode).toBe(422);
    expect(second.json().error).toBe(COUPON_MESSAGES.firstOrder);
  });

  it('VAT is by tax type on the discounted lines, and the total is never below zero', async () => {
    const vatable = await product(t.db, { priceCents: 116_000, stock: 10 }); // B, 16 %
    const reduced = await product(t.db, { priceCents: 50_000, stock: 10 }); // E, 8 %
    const { products } = await import('../catalog/schema.ts');
    await t.db.update(products).set({ taxType: 'E' }).where(eq(products.id, reduced));
    const code = freshCode('HALF');
    await promotion(t.app, boss, { name: 'Half off', code, type: 'percent_off', value: 50 });
    const who = await one(
      1,
      [
        [vatable, 1],
        [reduced, 1],
      ],
      code,
    );
    const res = await createPayment(t.app, who);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order_id;
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => [l.productId, l.discountCents]).sort()).toEqual(
      [
        [vatable, 58_000],
        [reduced, 25_000],
      ].sort(),
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // 16 % of (580 + 50 delivery) = Ksh 100.80, and 8 % of 250 = Ksh 20: Ksh 120.80 → 121.
    expect(order).toMatchObject({
      discountCents: 83_000,
      vatCents: 12_100,
      totalCents: 58_000 + 25_000 + 5_000 + 12_100,
    });

    const huge = freshCode('HUGE');
    await promotion(t.app, boss, {
      name: 'Too much',
      code: huge,
      type: 'amount_off',
      value: 100_000,
    });
    const other = await one(1, [[vatable, 1]], huge);
    const free = await createPayment(t.app, other);
    // All of the items, nothing below zero: delivery and its VAT are what is left to pay.
    if (free.statusCode === 200) {
      const [o] = await t.db.select().from(orders).where(eq(orders.id, free.json().order_id));
      expect(o).toMatchObject({ discountCents: 116_000, vatCents: 800, totalCents: 5_800 });
    } else {
      expect(free.statusCode).toBe(200);
    }
  });
});

/** Each 'busy, try again' is a 503 UNAVAILABLE with Retry-After. */
function expectBusyAnswersWellFormed(
  answers: { statusCode: number; headers: Record<string, unknown>; json(): { code?: string } }[],
) {
  for (const r of answers.filter((a) => a.statusCode === 503)) {
    expect(r.json().code).toBe('UNAVAILABLE');
    expect(r.headers['retry-after']).toBe('2');
  }
}

/**
 * Every racer's checkout, alternately on each instance, all at once. A host too slow for the rush
 * turns some away as busy (503, nothing reserved, 'try again'); those ask again, as a shopper's
 * browser does after its Retry-After, until each has an answer that is not 'busy'.
 */
async function rush(racers: LoggedIn[], other: App) {
  const answers: Awaited<ReturnType<typeof createPayment>>[] = [];
  let waiting = racers.map((_, i) => i);
  for (let round = 1; waiting.length > 0; round++) {
    if (round > 10) throw new Error(`${waiting.length} racers still busy after 10 tries`);
    const tries = await Promise.all(
      waiting.map((i) => createPayment(i % 2 ? other : t.app, racers[i]!)),
    );
    expectBusyAnswersWellFormed(tries);
    waiting.forEach((i, k) => (answers[i] = tries[k]!));
    waiting = waiting.filter((_, k) => tries[k]!.statusCode === 503);
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 200 * round));
  }
  return answers;
}

describe('limits under a rush, on two instances', () => {
  it(`${onPostgres ? 300 : 24} shoppers for a ${onPostgres ? 100 : 8}-use coupon: exactly that many orders have it`, async () => {
    const [shoppers, limit] = onPostgres ? [300, 100] : [24, 8];
    const p = await product(t.db, { priceCents: 10_000, stock: 10_000 });
    const code = freshCode('RUSH');
    const id = await promotion(t.app, boss, {
      name: 'Rush',
      code,
      type: 'amount_off',
      value: 10,
      usage_limit: limit,
    });
    const racers = await readyShoppers(t.app, t.db, shoppers, [[p, 1]], code);
    const other = await secondInstance(t);
    try {
      const answers = await rush(racers, other);
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      expect(statuses.filter((s) => ![200, 409, 422].includes(s))).toEqual([]);
      for (const r of answers.filter((a) => a.statusCode === 409 || a.statusCode === 422)) {
        expect(r.json().error).toBe(COUPON_MESSAGES.usedUp);
      }
      const uses = await usesOf(id);
      expect(uses.filter((u) => u.status === 'reserved')).toHaveLength(limit);
      const withIt = await t.db
        .select({ id: orderDiscounts.orderId })
        .from(orderDiscounts)
        .where(eq(orderDiscounts.promotionId, id));
      expect(withIt).toHaveLength(limit);
    } finally {
      await other.close();
    }
  });

  it(`a flash sale capped at ${onPostgres ? 20 : 4} units sells exactly that many at its price`, async () => {
    const [shoppers, cap] = onPostgres ? [60, 20] : [12, 4];
    const p = await product(t.db, { priceCents: 100_000, stock: 10_000 });
    const id = await promotion(t.app, boss, {
      name: 'Flash',
      type: 'sale_price',
      sale_price: 500,
      quantity_cap: cap,
      applies_to: { product_ids: [p] },
    });
    const racers = await readyShoppers(t.app, t.db, shoppers, [[p, 1]]);
    const other = await secondInstance(t);
    try {
      const answers = await rush(racers, other);
      expect(answers.filter((r) => ![200, 409].includes(r.statusCode)).map((r) => r.body)).toEqual(
        [],
      );
      for (const r of answers.filter((a) => a.statusCode === 409)) {
        expect(r.json().error).toBe(COUPON_MESSAGES.offerChanged);
      }
      const [units] = await t.db
        .select({ n: sum(promotionUses.units) })
        .from(promotionUses)
        .where(
          and(
            eq(promotionUses.promotionId, id),
            inArray(promotionUses.status, ['reserved', 'used']),
          ),
        );
      expect(Number(units!.n)).toBe(cap);
      const sold = await t.db
        .select({ id: orderDiscounts.orderId, amount: orderDiscounts.amountCents })
        .from(orderDiscounts)
        .where(eq(orderDiscounts.promotionId, id));
      expect(sold).toHaveLength(cap);
      expect(sold.every((s) => s.amount === 50_000)).toBe(true);
    } finally {
      await other.close();
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/promotions/${id}`,
        headers: boss.auth,
      });
    }
  });
});

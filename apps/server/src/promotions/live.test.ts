// The promotions that may apply now (issue 36), as checkout will hand them to the engine: running
// automatic ones, the typed code's whatever its dates, removed ones never, with their limits
// counted from the use rows (reserved and used count, released ones do not). Runs on PGlite and
// on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluatePromotions, type PromotionLine, type PromotionRule } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { promotionUses, type PromotionUseStatus } from './schema.ts';
import { livePromotions } from './live.ts';

let t: TestContext;
let boss: LoggedIn;
let buyer: LoggedIn;
let someoneElse: LoggedIn;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  buyer = await shopper(t.app);
  someoneElse = await shopper(t.app);
  productId = await product(t.db, { priceCents: 100_000, stock: 50 });
});
afterAll(() => t.close());

const NOW = new Date('2026-11-27T12:00:00+03:00');

async function made(payload: object): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: boss.auth,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function use(promotionId: number, who: LoggedIn, status: PromotionUseStatus, units = 0) {
  const orderId = await insertOrder(t.db, {
    userId: who.id,
    productId,
    status: 'pending_payment',
    totalCents: 100_000,
  });
  await t.db.insert(promotionUses).values({ promotionId, orderId, userId: who.id, status, units });
}

const byId = (rules: PromotionRule[], id: number) => rules.find((r) => r.id === id);

describe('livePromotions', () => {
  let running: number;
  let notYet: number;
  let over: number;
  let coupon: number;
  let expiredCoupon: number;
  let removed: number;
  beforeAll(async () => {
    running = await made({
      name: 'Running',
      type: 'percent_off',
      value: 10,
      starts_at: '2026-11-27T00:00:00+03:00',
      ends_at: '2026-11-28T00:00:00+03:00',
    });
    notYet = await made({
      name: 'Not yet',
      type: 'percent_off',
      value: 10,
      starts_at: '2026-11-27T12:00:01+03:00',
    });
    over = await made({
      name: 'Over',
      type: 'percent_off',
      value: 10,
      ends_at: '2026-11-27T12:00:00+03:00', // ends are excluded: over at noon
    });
    coupon = await made({ name: 'Coupon', code: 'LIVE10', type: 'amount_off', value: 100 });
    expiredCoupon = await made({
      name: 'Expired coupon',
      code: 'GONE10',
      type: 'amount_off',
      value: 100,
      ends_at: '2026-11-01T00:00:00+03:00',
    });
    removed = await made({ name: 'Removed', type: 'percent_off', value: 50 });
    await use(removed, buyer, 'used');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/promotions/${removed}`,
      headers: boss.auth,
    });
    expect(res.statusCode).toBe(200);
  });

  it('are the automatic ones running now, and no code unless it is typed', async () => {
    const ids = (await livePromotions(t.db, NOW)).map((r) => r.id);
    expect(ids).toContain(running);
    for (const id of [notYet, over, coupon, expiredCoupon, removed]) expect(ids).not.toContain(id);
  });

  it("add the typed code's promotion in any case, whatever its dates, so the engine says why", async () => {
    const typed = await livePromotions(t.db, NOW, { code: ' live10 ' });
    expect(byId(typed, coupon)).toMatchObject({ code: 'LIVE10', amountCents: 10_000 });
    const expired = await livePromotions(t.db, NOW, { code: 'gone10' });
    expect(byId(expired, expiredCoupon)).toBeDefined();
    const line: PromotionLine = {
      key: '1',
      productId,
      variantId: null,
      category: 'test-goods',
      brand: 'Testbrand',
      unitPriceCents: 100_000,
      quantity: 1,
      taxType: 'B',
    };
    const outcome = evaluatePromotions({
      lines: [line],
      delivery: { countyCode: '047', feeCents: 5_000 },
      promotions: expired,
      couponCode: 'GONE10',
      context: { now: NOW, isFirstOrder: false },
    });
    expect(outcome.coupon).toEqual({ status: 'refused', reason: 'expired' });
    // The running 10 % applies on its own.
    expect(outcome.itemsDiscountCents).toBe(10_000);
    expect(byId(await livePromotions(t.db, NOW, { code: 'NOPE' }), coupon)).toBeUndefined();
    expect(byId(await livePromotions(t.db, NOW, { code: 'not a code!' }), coupon)).toBeUndefined();
  });

  it('count reserved and used uses against the limits, released ones not', async () => {
    const limited = await made({
      name: 'Limited',
      code: 'LIMITED',
      type: 'amount_off',
      value: 100,
      usage_limit: 3,
      per_customer_limit: 2,
    });
    await use(limited, buyer, 'used');
    await use(limited, buyer, 'released');
    await use(limited, someoneElse, 'reserved');
    const mine = byId(
      await livePromotions(t.db, NOW, { code: 'LIMITED', userId: buyer.id }),
      limited,
    );
    expect(mine).toMatchObject({ usesLeft: 1, customerUsesLeft: 1 });
    await use(limited, buyer, 'reserved');
    const now = byId(
      await livePromotions(t.db, NOW, { code: 'LIMITED', userId: buyer.id }),
      limited,
    );
    expect(now).toMatchObject({ usesLeft: 0, customerUsesLeft: 0 });
    // Nobody in particular: only the total is counted.
    const anyone = byId(await livePromotions(t.db, NOW, { code: 'LIMITED' }), limited);
    expect(anyone).toMatchObject({ usesLeft: 0, customerUsesLeft: 2 });
  });

  it("count a flash sale's units against its cap", async () => {
    const sale = await made({
      name: 'Flash',
      type: 'sale_price',
      sale_price: 800,
      quantity_cap: 10,
      applies_to: { product_ids: [productId] },
    });
    await use(sale, buyer, 'used', 4);
    await use(sale, someoneElse, 'reserved', 3);
    await use(sale, someoneElse, 'released', 2);
    expect(byId(await livePromotions(t.db, NOW), sale)).toMatchObject({
      type: 'sale_price',
      salePriceCents: 80_000,
      capLeft: 3,
      usesLeft: null,
    });
  });

  it('leave uses uncounted where nothing limits them', async () => {
    const free = await made({ name: 'Unlimited', type: 'percent_off', value: 1 });
    await use(free, buyer, 'used');
    expect(byId(await livePromotions(t.db, NOW, { userId: buyer.id }), free)).toMatchObject({
      usesLeft: null,
      customerUsesLeft: null,
    });
  });
});

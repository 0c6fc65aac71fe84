// The Promotions list's figures (issue 36): uses made or reserved, the paid orders with each
// promotion and what they came to, from use rows and orders written straight into the database;
// and a used promotion removed is kept for them. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Promotion } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { insertOrder, type OrderSeed } from '../../test/orders-fixture.ts';
import { promotions, promotionUses, type PromotionUseStatus } from './schema.ts';

let t: TestContext;
let boss: LoggedIn;
let buyer: LoggedIn;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  buyer = await shopper(t.app);
  productId = await product(t.db, { priceCents: 100_000, stock: 50 });
});
afterAll(() => t.close());

async function made(payload: object): Promise<Promotion> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: boss.auth,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const listed = async (id: number): Promise<Promotion | undefined> => {
  const res = await t.app.inject({ url: '/api/admin/promotions?limit=100', headers: boss.auth });
  return (res.json().promotions as Promotion[]).find((p) => p.id === id);
};

/** An order in this state, with a use of the promotion in that one. */
async function orderUsing(
  promotionId: number,
  order: Pick<OrderSeed, 'status' | 'totalCents' | 'paidAt'>,
  use: PromotionUseStatus,
  units = 0,
) {
  const orderId = await insertOrder(t.db, { userId: buyer.id, productId, ...order });
  await t.db
    .insert(promotionUses)
    .values({ promotionId, orderId, userId: buyer.id, status: use, units });
  return orderId;
}

describe('uses, orders and revenue', () => {
  it('count uses made or reserved, and only the paid orders and their totals', async () => {
    const p = await made({ name: 'Counted', code: 'COUNTED', type: 'amount_off', value: 200 });
    const other = await made({ name: 'Elsewhere', type: 'percent_off', value: 5 });
    expect(await listed(p.id)).toMatchObject({ uses: 0, orders: 0, revenue: 0 });

    await orderUsing(p.id, { status: 'paid', totalCents: 250_000 }, 'used'); // Ksh 2,500 in
    await orderUsing(p.id, { status: 'delivered', totalCents: 120_000 }, 'used'); // Ksh 1,200 in
    await orderUsing(p.id, { status: 'pending_payment', totalCents: 90_000 }, 'reserved');
    await orderUsing(p.id, { status: 'cancelled', totalCents: 80_000, paidAt: null }, 'released');
    await orderUsing(p.id, { status: 'refunded', totalCents: 70_000 }, 'used'); // money went back
    // Paid on delivery, not collected yet: on its way, no money in.
    await orderUsing(p.id, { status: 'shipped', totalCents: 60_000, paidAt: null }, 'used');
    await orderUsing(other.id, { status: 'paid', totalCents: 330_000 }, 'used');

    expect(await listed(p.id)).toMatchObject({ uses: 5, orders: 2, revenue: 3_700 });
    expect(await listed(other.id)).toMatchObject({ uses: 1, orders: 1, revenue: 3_300 });
    // The call for one promotion (the edit form's) counts the same.
    const alone = await t.app.inject({ url: `/api/admin/promotions/${p.id}`, headers: boss.auth });
    expect(alone.json()).toMatchObject({ uses: 5, orders: 2, revenue: 3_700 });
  });
});

describe('removing a promotion that orders used', () => {
  it('keeps it, unlisted, with its uses; its code is free again', async () => {
    const p = await made({ name: 'Kept', code: 'KEPT', type: 'amount_off', value: 100 });
    const orderId = await orderUsing(p.id, { status: 'paid', totalCents: 100_000 }, 'used');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/promotions/${p.id}`,
      headers: boss.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(p.id)).toBeUndefined();
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect(row).toMatchObject({ name: 'Kept', code: 'KEPT', deletedAt: expect.any(Date) });
    const uses = await t.db.select().from(promotionUses).where(eq(promotionUses.orderId, orderId));
    expect(uses).toEqual([expect.objectContaining({ promotionId: p.id, status: 'used' })]);
    // Gone for the back office's changes too, and its code may be given to a new one.
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promotions/${p.id}`,
      headers: boss.auth,
      payload: { name: 'Revived' },
    });
    expect(change.statusCode).toBe(404);
    const again = await made({ name: 'Kept, again', code: 'kept', type: 'amount_off', value: 50 });
    expect(again.code).toBe('KEPT');
  });
});

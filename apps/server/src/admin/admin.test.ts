// What spans the back office's domains: paging of every admin list, the dashboard, the header
// search. Each domain's own admin routes are tested beside them (orders/admin-routes.test.ts…).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { dashboardFigures } from './dashboard.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const get = (url: string, who: LoggedIn = boss) =>
  t.app.inject({ url, headers: who.auth }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('paging', () => {
  it('keeps to the default page sizes, refuses bad bounds, and pages past the end to nothing', async () => {
    const defaults: [string, string, number][] = [
      ['/api/admin/users', 'users', 10],
      ['/api/admin/orders', 'orders', 10],
      ['/api/admin/reviews', 'reviews', 6],
      ['/api/admin/payments', 'payments', 10],
      ['/api/admin/contacts', 'contacts', 10],
      ['/api/admin/dashboard', 'recent_orders', 10],
    ];
    for (const [url, key, limit] of defaults) {
      const page = await get(url);
      expect(page.status, url).toBe(200);
      const list = key === 'recent_orders' ? page.body.recent_orders : page.body;
      expect(list, url).toMatchObject({ skip: 0, limit });
      expect(list[key === 'recent_orders' ? 'orders' : key].length, url).toBeLessThanOrEqual(limit);
      for (const bad of ['limit=0', 'limit=101', 'skip=-1', 'limit=two', 'page=2']) {
        expect((await get(`${url}?${bad}`)).status, `${url}?${bad}`).toBe(400);
      }
    }
    const { body: all } = await get('/api/admin/users');
    const past = await get(`/api/admin/users?skip=${all.total}`);
    expect(past.body).toMatchObject({ users: [], total: all.total, skip: all.total });
    const last = await get(`/api/admin/users?skip=${all.total - 1}&limit=5`);
    expect(last.body.users).toHaveLength(1);
  });
});

describe('dashboard', () => {
  it('adds up only orders that brought money in, and groups sales by Nairobi day', async () => {
    const ctx = await createTestApp();
    try {
      const me = await admin(ctx.app, ctx.db);
      const buyer = await shopper(ctx.app);
      const p = await product(ctx.db, { priceCents: 1_000, stock: 100 });
      // Dates relative to today: sales by day cover the last 30 days.
      const now = new Date();
      const utc = (daysAgo: number, hour: number, minute = 0) =>
        new Date(
          Date.UTC(
            now.getUTCFullYear(),
            now.getUTCMonth(),
            now.getUTCDate() - daysAgo,
            hour,
            minute,
          ),
        );
      const nairobiDay = (d: Date) =>
        new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
      const lateEvening = utc(2, 22, 30); // already the next day in Nairobi
      const morning = utc(1, 8);
      const earlier = utc(3, 8);
      expect(nairobiDay(lateEvening)).toBe(nairobiDay(morning));
      await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: p,
        status: 'paid',
        totalCents: 100_000,
        createdAt: lateEvening,
      });
      await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: p,
        status: 'shipped',
        totalCents: 250_000,
        createdAt: morning,
      });
      await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: p,
        status: 'delivered',
        totalCents: 50_000,
        createdAt: earlier,
      });
      await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: p,
        status: 'pending_payment',
        totalCents: 999_900,
      });
      await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: p,
        status: 'cancelled',
        totalCents: 888_800,
        paidAt: null,
      });
      await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: p,
        status: 'refunded',
        totalCents: 777_700,
      });
      const res = await ctx.app.inject({ url: '/api/admin/dashboard?limit=4', headers: me.auth });
      const body = res.json();
      expect(body).toMatchObject({ earnings: 400_000, orders: 3, signups: 2 });
      const byDay = Object.fromEntries(
        body.sales_by_day.map((d: { date: string; total: number }) => [d.date, d.total]),
      );
      expect(byDay[nairobiDay(morning)]).toBe(350_000);
      expect(byDay[nairobiDay(earlier)]).toBe(50_000);
      expect(Object.keys(byDay)).toHaveLength(2);
      expect(body.recent_orders.total).toBe(6);
      expect(body.recent_orders.orders).toHaveLength(4);
      expect(body.recent_orders.orders[0]).toMatchObject({
        username: buyer.username,
        first_item: 'Test item',
        item_count: 1,
      });
      // Every role sees the dashboard: no e-mail, phone or address in it.
      expect(Object.keys(body.recent_orders.orders[0]).sort()).toEqual(
        [
          'created_at',
          'first_item',
          'id',
          'item_count',
          'line_count',
          'order_total',
          'status',
          'username',
        ].sort(),
      );
    } finally {
      await ctx.close();
    }
  });

  it('charts exactly the last 30 Nairobi days, today included', async () => {
    const ctx = await createTestApp();
    try {
      const buyer = await shopper(ctx.app);
      const p = await product(ctx.db, { priceCents: 1_000, stock: 100 });
      const now = new Date('2026-11-22T09:00:00Z'); // 12:00 in Nairobi
      const paid = (iso: string, totalCents: number) =>
        insertOrder(ctx.db, {
          userId: buyer.id,
          productId: p,
          status: 'delivered',
          totalCents,
          createdAt: new Date(iso),
        });
      await paid('2026-10-23T21:30:00Z', 1_000); // 24 Oct 00:30 Nairobi: the first day charted
      await paid('2026-10-23T20:30:00Z', 2_000); // 23 Oct 23:30 Nairobi: one day too early
      await paid('2026-11-22T08:00:00Z', 4_000); // today
      const figures = await dashboardFigures(ctx.db, now);
      expect(figures.sales_by_day).toEqual([
        { date: '2026-10-24', total: 1_000 },
        { date: '2026-11-22', total: 4_000 },
      ]);
      expect(figures.earnings).toBe(7_000); // earnings are all-time
    } finally {
      await ctx.close();
    }
  });
});

describe('header search', () => {
  it('finds products, customers and orders for those who may read them', async () => {
    const ctx = await createTestApp();
    try {
      await seedDemoCatalog(ctx.db);
      const me = await admin(ctx.app, ctx.db);
      const buyer = await shopper(ctx.app, { email: 'njeri.search@example.co.ke' });
      const orderId = await insertOrder(ctx.db, {
        userId: buyer.id,
        productId: 1,
        status: 'paid',
        totalCents: 1_000,
      });
      const found = (
        await ctx.app.inject({ url: '/api/admin/search?q=njeri.search', headers: me.auth })
      ).json();
      expect(found.customers.map((c: { id: number }) => c.id)).toEqual([buyer.id]);
      expect(found.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
      const byNumber = (
        await ctx.app.inject({ url: `/api/admin/search?q=${orderId}`, headers: me.auth })
      ).json();
      expect(byNumber.orders.map((o: { id: number }) => o.id)).toContain(orderId);
      const products = (
        await ctx.app.inject({ url: '/api/admin/search?q=mvule', headers: me.auth })
      ).json();
      expect(products.products.length).toBeGreaterThan(0);
      expect(
        (await ctx.app.inject({ url: '/api/admin/search?q=', headers: me.auth })).statusCode,
      ).toBe(400);
      // Each part only for staff who may read it: no customers' addresses for the catalogue.
      const find = async (who: LoggedIn, q: string) =>
        (await ctx.app.inject({ url: `/api/admin/search?q=${q}`, headers: who.auth })).json();
      const catalogue = await admin(ctx.app, ctx.db, 'catalogue');
      expect(await find(catalogue, 'njeri.search')).toEqual({
        products: [],
        customers: [],
        orders: [],
      });
      expect((await find(catalogue, 'mvule')).products.length).toBeGreaterThan(0);
      const support = await admin(ctx.app, ctx.db, 'support');
      expect((await find(support, 'njeri.search')).customers).toHaveLength(1);
      expect((await find(support, 'mvule')).products).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import {
  approveSandbox,
  createPayment,
  fillCheckoutSteps,
  product,
  putInCart,
  stockOf,
} from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { contacts, orders, payments, users } from '../db/schema.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { dashboardFigures } from './dashboard.ts';
import { customersSummary } from '../auth/admin-service.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const get = (url: string, who: LoggedIn = boss) =>
  t.app.inject({ url, headers: who.auth }).then((r) => ({ status: r.statusCode, body: r.json() }));
const patch = (url: string, payload: object, who: LoggedIn = boss) =>
  t.app
    .inject({ method: 'PATCH', url, headers: who.auth, payload })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

describe('customers', () => {
  it('grants and revokes admin rights, but never removes the last admin', async () => {
    const ctx = await createTestApp();
    try {
      const only = await admin(ctx.app, ctx.db);
      const someone = await shopper(ctx.app);
      const call = (id: number, is_admin: boolean, who = only) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          headers: who.auth,
          payload: { is_admin },
        });
      const demoteSelf = await call(only.id, false);
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json()).toMatchObject({
        code: 'LAST_ADMIN',
        error: 'The shop must keep at least one administrator.',
      });
      expect((await call(someone.id, true)).json()).toMatchObject({
        id: someone.id,
        is_admin: true,
      });
      expect((await call(only.id, false)).statusCode).toBe(200); // another admin exists now
      expect((await call(someone.id, false, someone)).statusCode).toBe(409); // …and is the last one
      expect((await call(999_999, true, someone)).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('lists accounts 10 a page', async () => {
    for (let i = 0; i < 11; i++) await shopper(t.app);
    const first = await get('/api/admin/users');
    expect(first.body.users).toHaveLength(10);
    expect(first.body.total).toBeGreaterThanOrEqual(12);
    const second = await get(`/api/admin/users?skip=10`);
    expect(second.body.users[0].id).toBeGreaterThan(first.body.users[9].id);
    expect(first.body.users[0]).not.toHaveProperty('password_hash');
  });

  it('computes the figures: members, active now and this month', async () => {
    const ctx = await createTestApp();
    try {
      const now = new Date('2026-11-22T12:00:00Z');
      const people = Array.from({ length: 20 }, (_, i) => ({
        username: `u${i}`,
        email: `u${i}@example.co.ke`,
        phoneNumber: '0700000000',
        passwordHash: 'x',
        // 4 joined in November (Nairobi time), 6 in October, the rest earlier.
        createdAt: new Date(
          i < 4 ? '2026-11-05T10:00:00Z' : i < 10 ? '2026-10-10T10:00:00Z' : '2026-05-01T10:00:00Z',
        ),
        lastActiveAt:
          i < 3 ? new Date(now.getTime() - 5 * 60_000) : new Date(now.getTime() - 11 * 60_000),
      }));
      await ctx.db.insert(users).values(people);
      expect(await customersSummary(ctx.db, now)).toEqual({
        total_customers: 20,
        members: 5,
        active_now: 3,
        signups_this_month: 4,
        signups_last_month: 6,
        growth_percent: 25, // 4 new on a base of 16
        signups_change_percent: -33.3, // 4 this month against 6 last month
        active_percent: 15,
      });
    } finally {
      await ctx.close();
    }
  });

  it('has no percentages to give when there is no earlier month to compare with', async () => {
    const ctx = await createTestApp();
    try {
      const first = await shopper(ctx.app);
      await shopper(ctx.app);
      await ctx.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, first.id));
      const summary = await customersSummary(ctx.db);
      expect(summary).toMatchObject({
        total_customers: 2,
        members: 0, // never below 0
        signups_this_month: 2,
        signups_last_month: 0,
        growth_percent: null,
        signups_change_percent: null,
      });
      // Through the API too, for an admin (who is the third account, active now).
      const me = await admin(ctx.app, ctx.db);
      const res = await ctx.app.inject({ url: '/api/admin/customers/summary', headers: me.auth });
      expect(res.json()).toMatchObject({ total_customers: 3, active_now: 2 });
    } finally {
      await ctx.close();
    }
  });
});

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

describe('orders', () => {
  it('moves an order along its lifecycle and refuses illegal moves', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 10 });
    const buyer = await shopper(t.app);
    const id = await insertOrder(t.db, {
      userId: buyer.id,
      productId: p,
      status: 'paid',
      totalCents: 10_000,
    });
    const moved = await patch(`/api/admin/orders/${id}/status`, { status: 'processing' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id,
      status: 'processing',
      next_statuses: ['shipped', 'refunded'],
      user_email: buyer.email,
    });
    const illegal = await patch(`/api/admin/orders/${id}/status`, { status: 'pending_payment' });
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toBe(
      'An order that is processing can only become shipped or refunded.',
    );
    expect((await patch(`/api/admin/orders/${id}/status`, { status: 'shipped' })).status).toBe(200);
    expect((await patch(`/api/admin/orders/${id}/status`, { status: 'delivered' })).status).toBe(
      200,
    );
    expect((await patch(`/api/admin/orders/${id}/status`, { status: 'refunded' })).status).toBe(
      422,
    );
    expect((await patch(`/api/admin/orders/999999/status`, { status: 'paid' })).status).toBe(404);
    expect((await patch(`/api/admin/orders/${id}/status`, { status: 'lost' })).status).toBe(400);
  });

  it('marking an unpaid order paid closes the payment still open at the provider', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 4 });
    const buyer = await shopper(t.app);
    await putInCart(t.db, buyer.id, p, 1);
    await fillCheckoutSteps(t.app, buyer);
    const started = (await createPayment(t.app, buyer)).json();
    const paid = await patch(`/api/admin/orders/${started.order_id}/status`, { status: 'paid' });
    expect(paid.body).toMatchObject({ status: 'paid', next_statuses: ['processing', 'refunded'] });
    expect(await stockOf(t.db, p)).toBe(3); // sold: the reservation stands
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, started.order_id));
    expect(row).toMatchObject({
      status: 'cancelled',
      failureReason: 'marked paid by an administrator',
    });
    const listed = (await get('/api/admin/payments?limit=100')).body.payments.find(
      (x: { order_id: number }) => x.order_id === started.order_id,
    );
    expect(listed).toMatchObject({
      status: 'cancelled',
      order_status: 'paid',
      failure_reason: 'marked paid by an administrator',
      transaction_id: null,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(order!.paidAt).toBeInstanceOf(Date);
    expect(order!.expiresAt).toBeNull();
    // A late return from the provider captures nothing.
    const payerId = await approveSandbox(t.app, started.paymentId).catch(() => 'x');
    const late = await t.app.inject({
      url: `/api/execute-payment?paymentId=${started.paymentId}&PayerID=${payerId}`,
      headers: buyer.auth,
    });
    expect(late.statusCode).toBe(409);
    const [after] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, started.order_id));
    expect(after!.status).toBe('cancelled');
  });

  it('cancelling an unpaid order gives its stock back', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 4 });
    const buyer = await shopper(t.app);
    await putInCart(t.db, buyer.id, p, 3);
    await fillCheckoutSteps(t.app, buyer);
    const started = (await createPayment(t.app, buyer)).json();
    expect(await stockOf(t.db, p)).toBe(1);
    const cancelled = await patch(`/api/admin/orders/${started.order_id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect(await stockOf(t.db, p)).toBe(4);
    // The shopper can no longer pay it.
    const payerId = await approveSandbox(t.app, started.paymentId).catch(() => 'x');
    const late = await t.app.inject({
      url: `/api/execute-payment?paymentId=${started.paymentId}&PayerID=${payerId}`,
      headers: buyer.auth,
    });
    expect(late.statusCode).toBe(409);
  });

  it('tells how many products and how many units an order holds', async () => {
    const a = await product(t.db, { priceCents: 10_000, stock: 10, title: 'Jiko' });
    const b = await product(t.db, { priceCents: 20_000, stock: 10 });
    const buyer = await shopper(t.app);
    await putInCart(t.db, buyer.id, a, 1);
    await putInCart(t.db, buyer.id, b, 2);
    await fillCheckoutSteps(t.app, buyer);
    const started = (await createPayment(t.app, buyer)).json();
    const { orders: listed } = (await get('/api/admin/orders?limit=100')).body;
    expect(listed.find((o: { id: number }) => o.id === started.order_id)).toMatchObject({
      first_item: 'Jiko',
      line_count: 2,
      item_count: 3,
    });
  });

  it('lists every order newest first with its customer, and every payment', async () => {
    const list = await get('/api/admin/orders?limit=100');
    const dates = list.body.orders.map((o: { created_at: string }) => o.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.body.orders[0]).toHaveProperty('shipping_address');
    const payments = await get('/api/admin/payments');
    expect(payments.body.total).toBeGreaterThan(0);
    expect(payments.body.payments[0]).toHaveProperty('customer_email');
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

describe('reviews and search', () => {
  it('pages every review with e-mails, and finds products, customers and orders', async () => {
    const ctx = await createTestApp();
    try {
      await seedDemoCatalog(ctx.db);
      const me = await admin(ctx.app, ctx.db);
      const reviews = (
        await ctx.app.inject({ url: '/api/admin/reviews', headers: me.auth })
      ).json();
      expect(reviews.reviews).toHaveLength(6);
      expect(reviews.reviews[0].reviewer_email).toMatch(/@/);
      expect(reviews.total).toBeGreaterThan(100);
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
    } finally {
      await ctx.close();
    }
  });
});

describe('contacts', () => {
  it('filters by name or e-mail and by a date range that includes the whole end day', async () => {
    const ctx = await createTestApp();
    try {
      const me = await admin(ctx.app, ctx.db);
      const at = (iso: string) => new Date(iso);
      await ctx.db.insert(contacts).values([
        {
          name: 'Zawadi Achieng',
          email: 'zawadi@example.co.ke',
          phone: '0711',
          message: 'a',
          submittedAt: at('2026-11-20T21:30:00Z'),
        }, // 21 Nov 00:30 Nairobi
        {
          name: 'baraka mwangi',
          email: 'baraka@example.co.ke',
          phone: '0712',
          message: 'b',
          submittedAt: at('2026-11-21T20:59:00Z'),
        }, // 21 Nov 23:59 Nairobi
        {
          name: 'Amina Hassan',
          email: 'amina@shop.ke',
          phone: '0713',
          message: 'c',
          submittedAt: at('2026-11-21T21:01:00Z'),
        }, // 22 Nov 00:01 Nairobi
        {
          name: 'Otieno Odhiambo',
          email: 'otieno@example.co.ke',
          phone: '0714',
          message: 'd',
          submittedAt: at('2026-11-18T10:00:00Z'),
        },
      ]);
      const list = async (query: string) =>
        (
          await ctx.app.inject({ url: `/api/admin/contacts?${query}`, headers: me.auth })
        ).json() as { contacts: { name: string }[]; total: number };
      const names = async (query: string) => (await list(query)).contacts.map((c) => c.name);

      expect(await names('from=2026-11-21&to=2026-11-21')).toEqual([
        'Zawadi Achieng',
        'baraka mwangi',
      ]);
      expect(await names('from=2026-11-22&to=2026-11-21')).toEqual([]);
      expect(await names('q=EXAMPLE.co')).toEqual([
        'Otieno Odhiambo',
        'Zawadi Achieng',
        'baraka mwangi',
      ]); // date ascending
      expect(await names('q=amina')).toEqual(['Amina Hassan']);
      expect(await names('sort=name&order=asc')).toEqual([
        'Amina Hassan',
        'baraka mwangi',
        'Otieno Odhiambo',
        'Zawadi Achieng',
      ]);
      expect(await names('sort=date&order=desc&limit=2')).toEqual([
        'Amina Hassan',
        'baraka mwangi',
      ]);
      for (const bad of ['from=21-11-2026', 'to=2026-02-31', 'sort=email', 'order=up']) {
        expect(
          (await ctx.app.inject({ url: `/api/admin/contacts?${bad}`, headers: me.auth }))
            .statusCode,
          bad,
        ).toBe(400);
      }
      expect(await names('from=2026-11-22')).toEqual(['Amina Hassan']);
      expect(await names('to=2026-11-18')).toEqual(['Otieno Odhiambo']);
      expect(await list('q=zzz-nobody')).toEqual({ contacts: [], total: 0, skip: 0, limit: 10 });
      expect(await list('sort=name&skip=3&limit=2')).toMatchObject({
        contacts: [{ name: 'Zawadi Achieng' }],
        total: 4,
      });
    } finally {
      await ctx.close();
    }
  });
});

describe('accounts in the database', () => {
  it('keep the admin flag only where it was granted', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.isAdmin).toBe(true);
  });
});

// The back office's orders: moving an order along its lifecycle, and the list.
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
import { freshCode, promotion } from '../../test/promotions-fixture.ts';
import { orders } from './schema.ts';
import { payments } from '../payments/schema.ts';

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

  it('shows each order’s discounts by name and what they took off, in the list, a move and a search', async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 10, title: 'Sufuria' });
    const code = freshCode('ADMIN');
    await promotion(t.app, boss, { name: 'Ksh 150 off', code, type: 'amount_off', value: 150 });
    const buyer = await shopper(t.app);
    await putInCart(t.db, buyer.id, p, 2);
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: buyer.auth,
      payload: { code },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    await fillCheckoutSteps(t.app, buyer);
    const started = (await createPayment(t.app, buyer)).json();
    const shown = {
      discounts: [{ name: 'Ksh 150 off', code, amount: 15_000 }],
      discount_total: 15_000,
    };

    const { orders: listed } = (await get('/api/admin/orders?limit=100')).body;
    const row = listed.find((o: { id: number }) => o.id === started.order_id);
    expect(row).toMatchObject(shown);
    // Ksh 2,000 − 150 + 50 delivery, VAT on that: what the total already is after the discount.
    expect(row.order_total).toBe(185_000 + 5_000 + 30_400);
    const undiscounted = listed.find((o: { id: number }) => o.id !== started.order_id);
    expect(undiscounted).toMatchObject({ discounts: [], discount_total: 0 });
    const moved = await patch(`/api/admin/orders/${started.order_id}/status`, {
      status: 'cancelled',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject(shown);
    const found = await get(`/api/admin/search?q=${started.order_id}`);
    expect(found.body.orders.find((o: { id: number }) => o.id === started.order_id)).toMatchObject(
      shown,
    );
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

// Money on the order and paying later, same order (issue 34), against the Daraja stand-in: Paybill
// payments in parts show 'partially paid' with the balance to the shopper and the admin, an
// overpayment's amount shows where the admin decides, and create-payment pays the order the
// shopper already has (by `order_id`, or because the cart is the same) instead of making another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { product, putInCart, stockOf } from '../../test/checkout-fixture.ts';
import {
  mpesaShop,
  orderRow,
  readyToPay,
  startedMpesa,
  type MpesaShop,
} from '../../test/mpesa-fixture.ts';
import { payments } from '../payments/schema.ts';

let shop: MpesaShop;
let boss: LoggedIn;

beforeAll(async () => {
  shop = await mpesaShop({ BACKGROUND_JOBS: 'true' });
  boss = await admin(shop.t.app, shop.t.db);
});
afterAll(() => shop.close());

const get = async (url: string, who: LoggedIn) => {
  const res = await shop.t.app.inject({ url, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const payBy = (who: LoggedIn, payload: Record<string, unknown>) =>
  shop.t.app.inject({ method: 'POST', url: '/api/create-payment', headers: who.auth, payload });

/** A shopper's order of Ksh 2,378 (2 × 1,000 + 50 delivery + VAT), shown the Paybill figures. */
async function paybillOrder() {
  const { who, productId } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
  const res = await payBy(who, { method: 'mpesa_paybill' });
  expect(res.statusCode, res.body).toBe(202);
  return { who, productId, orderId: res.json().order_id as number, started: res.json() };
}

const paymentsOf = (orderId: number) =>
  shop.t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

const money = (due: number, paid: number, refunded: number, state: string) => ({
  due,
  paid,
  refunded,
  balance: due - paid + refunded,
  state,
});

describe('an order’s money', () => {
  it('paid in two parts from the M-Pesa menu: partially paid with the balance, then paid', async () => {
    const { who, orderId } = await paybillOrder();
    expect((await get(`/api/order/${orderId}`, who)).money).toEqual(money(237_800, 0, 0, 'unpaid'));

    await shop.daraja.state.payIn({ amount: 1000, billRef: String(orderId) });
    const part = money(237_800, 100_000, 0, 'partially_paid');
    expect(part.balance).toBe(137_800);
    // The shopper: the order page and the order history.
    const mine = await get(`/api/order/${orderId}`, who);
    expect(mine).toMatchObject({ status: 'pending_payment', money: part });
    const history = await get('/api/order', who);
    expect(history.orders).toEqual([expect.objectContaining({ id: orderId, money: part })]);
    // The admin: the order page with its payment's part, and the Orders list.
    const page = await get(`/api/admin/orders/${orderId}`, boss);
    expect(page.money).toEqual(part);
    expect(page.payments).toEqual([
      expect.objectContaining({ method: 'mpesa_paybill', amount: 237_800, received: 100_000 }),
    ]);
    expect(page.refunds).toEqual([]);
    const list = await get('/api/admin/orders?limit=50', boss);
    expect(list.orders.find((o: { id: number }) => o.id === orderId).money).toEqual(part);

    // Pay now again: the same payment's figures, asking for the balance.
    const again = await payBy(who, { method: 'mpesa_paybill', order_id: orderId });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({
      order_id: orderId,
      paymentId: (await paymentsOf(orderId))[0]!.providerPaymentId,
      paybill: { account_number: String(orderId), amount: 1378 },
    });

    await shop.daraja.state.payIn({ amount: 1378, billRef: String(orderId) });
    expect((await get(`/api/order/${orderId}`, who)).money).toEqual(
      money(237_800, 237_800, 0, 'paid'),
    );
    expect((await get(`/api/admin/orders/${orderId}`, boss)).money.state).toBe('paid');
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('paid over the total: the overpaid amount on the admin’s payment, the Payments list and money', async () => {
    const { who, orderId } = await paybillOrder();
    await shop.daraja.state.payIn({ amount: 2500, billRef: String(orderId) });
    const over = money(237_800, 250_000, 0, 'overpaid');
    expect(over.balance).toBe(-12_200);
    expect((await get(`/api/order/${orderId}`, who)).money).toEqual(over);
    const page = await get(`/api/admin/orders/${orderId}`, boss);
    expect(page).toMatchObject({ status: 'paid', money: over });
    expect(page.payments).toEqual([
      expect.objectContaining({ amount: 237_800, received: 250_000, overpaid: 12_200 }),
    ]);
    const listed = await get('/api/admin/payments?limit=100', boss);
    expect(listed.payments.find((p: { order_id: number }) => p.order_id === orderId)).toMatchObject(
      { received: 250_000, overpaid: 12_200, refund_due: true },
    );
    const orders = await get('/api/admin/orders?limit=50', boss);
    expect(orders.orders.find((o: { id: number }) => o.id === orderId).money.state).toBe(
      'overpaid',
    );
  });

  it('part by Paybill, the rest by a push: both kept, the order paid, no money due back', async () => {
    const { who, orderId } = await paybillOrder();
    await shop.daraja.state.payIn({ amount: 1000, billRef: String(orderId) });
    const pushed = await startedMpesa(shop.t.app, who, '0712 345 678', orderId);
    expect(pushed.order_id).toBe(orderId);
    // The push asks for what the order still owes.
    expect(shop.daraja.state.lastPush().amount).toBe(1378);
    await shop.daraja.state.answer(shop.daraja.state.lastPush().checkoutRequestId, 0);
    expect((await orderRow(shop.t.db, orderId)).status).toBe('paid');
    expect((await get(`/api/order/${orderId}`, who)).money).toEqual(
      money(237_800, 237_800, 0, 'paid'),
    );
    const [paybill, push] = await paymentsOf(orderId);
    expect(paybill).toMatchObject({ status: 'captured', amountCents: 100_000, refundDue: false });
    expect(push).toMatchObject({ status: 'captured', amountCents: 137_800, refundDue: false });
  });

  it('marked paid by the admin after a part came in: that part is kept, not flagged to go back', async () => {
    const { orderId } = await paybillOrder();
    await shop.daraja.state.payIn({ amount: 1000, billRef: String(orderId) });
    const moved = await shop.t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: boss.auth,
      payload: { status: 'paid' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [paybill] = await paymentsOf(orderId);
    expect(paybill).toMatchObject({ status: 'captured', amountCents: 100_000, refundDue: false });
    // The account says what came in: the rest was paid some way nobody recorded.
    expect((await get(`/api/admin/orders/${orderId}`, boss)).money).toEqual(
      money(237_800, 100_000, 0, 'partially_paid'),
    );
  });
});

describe('paying later, the same order', () => {
  it('four checkouts at once with the same cart: one order, one Paybill payment', async () => {
    const { who, productId } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => payBy(who, { method: 'mpesa_paybill' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    const ids = new Set(answers.map((a) => a.json().order_id as number));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    expect(new Set(answers.map((a) => a.json().paymentId)).size).toBe(1);
    expect(await paymentsOf(orderId!)).toHaveLength(1);
    expect(await stockOf(shop.t.db, productId)).toBe(3);
  });

  it('after a cancelled push, create-payment by Paybill without order_id pays that order', async () => {
    const { who, productId } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
    const pushed = await startedMpesa(shop.t.app, who);
    await shop.daraja.state.answer(shop.daraja.state.lastPush().checkoutRequestId, 1032);
    expect((await orderRow(shop.t.db, pushed.order_id)).status).toBe('pending_payment');

    const paybill = await payBy(who, { method: 'mpesa_paybill' });
    expect(paybill.statusCode, paybill.body).toBe(202);
    expect(paybill.json()).toMatchObject({
      order_id: pushed.order_id,
      paybill: { account_number: String(pushed.order_id), amount: 2378 },
    });
    expect(await stockOf(shop.t.db, productId)).toBe(3); // held once, for the one order
    await shop.daraja.state.payIn({ amount: 2378, billRef: String(pushed.order_id) });
    expect((await orderRow(shop.t.db, pushed.order_id)).status).toBe('paid');
    const history = await get('/api/order', who);
    expect(history.orders.map((o: { id: number }) => o.id)).toEqual([pushed.order_id]);
  });

  it('after a failed push too (wrong PIN), and the shopper who left the Paybill page comes back to it', async () => {
    const { who } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
    const pushed = await startedMpesa(shop.t.app, who);
    await shop.daraja.state.answer(shop.daraja.state.lastPush().checkoutRequestId, 2001);
    const first = await payBy(who, { method: 'mpesa_paybill' });
    const second = await payBy(who, { method: 'mpesa_paybill' });
    expect([first.json().order_id, second.json().order_id]).toEqual([
      pushed.order_id,
      pushed.order_id,
    ]);
    // The Paybill page shown again is the same payment: money to the account adds up on it.
    expect(second.json().paymentId).toBe(first.json().paymentId);
  });

  it('a different cart makes a new order, and the old one is given up', async () => {
    const { who, productId, orderId } = await paybillOrder();
    await putInCart(
      shop.t.db,
      who.id,
      await product(shop.t.db, { priceCents: 50_000, stock: 5 }),
      1,
    );
    const res = await payBy(who, { method: 'mpesa_paybill' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().order_id).not.toBe(orderId);
    expect((await orderRow(shop.t.db, orderId)).status).toBe('cancelled');
    // Given back by the old order, taken by the new one: held once.
    expect(await stockOf(shop.t.db, productId)).toBe(3);
  });

  it('the same cart sent somewhere else makes a new order: the old one would go to the old address', async () => {
    const { who, orderId } = await paybillOrder();
    const moved = await shop.t.app.inject({
      method: 'POST',
      url: '/api/shipping',
      headers: who.auth,
      payload: {
        name: 'Wanjiru Kamau',
        street_address: 'Kenyatta Avenue 3',
        city: 'Nairobi',
        zip_code: '00100',
      },
    });
    expect(moved.statusCode).toBe(200);
    const res = await payBy(who, { method: 'mpesa_paybill' });
    expect(res.json().order_id).not.toBe(orderId);
    expect((await orderRow(shop.t.db, res.json().order_id)).streetAddress).toBe(
      'Kenyatta Avenue 3',
    );
  });

  it('with order_id pays that order; someone else’s is 404, one no longer awaiting payment 409', async () => {
    const { who, orderId } = await paybillOrder();
    const push = await payBy(who, { method: 'mpesa', phone: '0712345678', order_id: orderId });
    expect(push.statusCode, push.body).toBe(202);
    expect(push.json().order_id).toBe(orderId);

    const stranger = await readyToPay(shop.t.app, shop.t.db);
    const theirs = await payBy(stranger.who, { method: 'mpesa_paybill', order_id: orderId });
    expect(theirs.statusCode).toBe(404);
    expect((await paymentsOf(orderId)).length).toBe(2);

    await shop.daraja.state.payIn({ amount: 2378, billRef: String(orderId) });
    const paid = await payBy(who, { method: 'mpesa_paybill', order_id: orderId });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ORDER_NOT_PAYABLE');
  });
});

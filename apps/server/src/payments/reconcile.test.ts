// Money is never lost: a callback that never comes is recovered through Daraja's query API (once
// across instances), a pending request keeps its order from expiring, and a success that comes
// after the order was cancelled revives it or marks it 'refund due'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MPESA_MESSAGES } from '@duka/domain';
import { admin } from '../../test/accounts.ts';
import { secondInstance } from '../../test/app.ts';
import { stockOf } from '../../test/checkout-fixture.ts';
import {
  mpesaShop,
  orderRow,
  paymentRow,
  readyToPay,
  startedMpesa,
  statusOf,
  type MpesaShop,
} from '../../test/mpesa-fixture.ts';
import { payments } from './schema.ts';
import { products } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';
import { expireStaleOrders } from '../orders/expiry.ts';

let shop: MpesaShop;
const QUERY_AFTER_MS = 30_000;

beforeAll(async () => {
  shop = await mpesaShop({ MPESA_QUERY_AFTER_SECONDS: String(QUERY_AFTER_MS / 1000) });
});
afterAll(async () => {
  await shop.close();
});

const later = (ms: number) => new Date(Date.now() + ms);

async function pushed(stock = 5, quantity = 2) {
  const { t, daraja } = shop;
  const checkout = await readyToPay(t.app, t.db, stock, quantity);
  const started = await startedMpesa(t.app, checkout.who);
  return { ...checkout, started, push: daraja.state.lastPush() };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error('condition never held');
}

describe('the M-Pesa query job', () => {
  it('asks only after MPESA_QUERY_AFTER_SECONDS, keeps asking while the phone rings, and pays when the callback is lost', async () => {
    const { t, daraja } = shop;
    const { who, productId, started, push } = await pushed();
    const queries = daraja.state.queries;
    await t.app.reconcilePayments(later(QUERY_AFTER_MS - 5_000));
    expect(daraja.state.queries).toBe(queries); // not yet due

    await t.app.reconcilePayments(later(QUERY_AFTER_MS + 1_000));
    expect(daraja.state.queries).toBe(queries + 1); // "being processed"
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'pending' });
    const waiting = await paymentRow(t.db, started.paymentId);
    expect(waiting.nextQueryAt!.getTime()).toBeGreaterThan(Date.now() + 2 * QUERY_AFTER_MS - 5_000);

    // The shopper pays; Daraja's callback never arrives.
    await daraja.state.answer(push.checkoutRequestId, 0, { times: 0 });
    await t.app.reconcilePayments(later(2 * QUERY_AFTER_MS + 2_000));
    expect(await statusOf(t.app, who, started.paymentId)).toEqual({
      status: 'paid',
      method: 'mpesa',
      order_id: started.order_id,
      amount: 237_800,
      receipt: MPESA_MESSAGES.receiptToBeConfirmed,
    });
    expect((await orderRow(t.db, started.order_id)).status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(3);

    // Nothing more to ask; a late callback brings the receipt and changes nothing else.
    const asked = daraja.state.queries;
    await t.app.reconcilePayments(later(10 * QUERY_AFTER_MS));
    expect(daraja.state.queries).toBe(asked);
    await daraja.state.answer(push.checkoutRequestId, 0);
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
      status: 'paid',
      receipt: push.result!.receipt,
    });
    expect(await stockOf(t.db, productId)).toBe(3);
  });

  it('settles a failure the query reports', async () => {
    const { t, daraja } = shop;
    const { who, productId, started, push } = await pushed();
    await daraja.state.answer(push.checkoutRequestId, 1032, { times: 0 });
    await t.app.reconcilePayments(later(QUERY_AFTER_MS + 1_000));
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
      status: 'failed',
      message: MPESA_MESSAGES.cancelled,
    });
    // The order waits for another try, its stock held (decision record 018).
    expect(await stockOf(t.db, productId)).toBe(3);
    expect((await orderRow(t.db, started.order_id)).status).toBe('pending_payment');
  });

  it('never lets a failed query overwrite a success that came meanwhile', async () => {
    const { t, daraja } = shop;
    const { who, started, push } = await pushed();
    const queries = daraja.state.queries;
    const release = daraja.state.holdNextQuery();
    const reconciling = t.app.reconcilePayments(later(QUERY_AFTER_MS + 1_000));
    await until(() => daraja.state.queries > queries);
    // While the query is in flight, the callback pays; then the query answers a failure.
    await daraja.state.answer(push.checkoutRequestId, 0);
    daraja.state.queryAnswer = 1037;
    try {
      release();
      expect(await reconciling).toEqual({ asked: 1, settled: 0 });
    } finally {
      daraja.state.queryAnswer = null;
    }
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
      status: 'paid',
      receipt: push.result!.receipt,
    });
  });

  it('runs once across two instances', async () => {
    const { t, daraja } = shop;
    await pushed();
    const other = await secondInstance(t);
    try {
      const queries = daraja.state.queries;
      const release = daraja.state.holdNextQuery();
      const at = later(QUERY_AFTER_MS + 1_000);
      const first = t.app.reconcilePayments(at);
      await until(() => daraja.state.queries > queries);
      // The other instance finds the job running and skips this run.
      expect(await other.reconcilePayments(at)).toBeUndefined();
      release();
      expect(await first).toMatchObject({ asked: 1 });
      expect(daraja.state.queries).toBe(queries + 1);
    } finally {
      await other.close();
    }
  });

  it('gives up a push whose answer was lost, and still applies its callback if one comes', async () => {
    const { t, daraja } = shop;
    const { who, productId } = await readyToPay(t.app, t.db);
    daraja.state.failNext('network', { endpoint: 'push', when: 'after' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: who.auth,
      payload: { method: 'mpesa', phone: '0712345678' },
    });
    expect(res.statusCode).toBe(503);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, who.id));
    const push = daraja.state.lastPush();
    // While its fate is unknown the order is kept (other tests' orders may expire meanwhile).
    await expireStaleOrders(t.app.payments, later(31 * 60_000));
    expect((await orderRow(t.db, order!.id)).status).toBe('pending_payment');
    await t.app.reconcilePayments(later(6 * 60_000));
    expect((await orderRow(t.db, order!.id)).status).toBe('pending_payment');
    // The callback names the request the shop never heard of; its secret proves it.
    await daraja.state.answer(push.checkoutRequestId, 0);
    expect((await orderRow(t.db, order!.id)).status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(3);
  });
});

describe('an order waiting for M-Pesa', () => {
  it('does not expire while the phone rings, and does in its time once the answer is a failure', async () => {
    const { t, daraja } = shop;
    const { productId, started, push } = await pushed();
    const expire = () => expireStaleOrders(t.app.payments, later(31 * 60_000));
    await expire();
    expect((await orderRow(t.db, started.order_id)).status).toBe('pending_payment');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${started.order_id}/status`,
      headers: (await admin(t.app, t.db)).auth,
      payload: { status: 'cancelled' },
    });
    expect(refused.statusCode).toBe(409);
    await daraja.state.answer(push.checkoutRequestId, 1037);
    // A failed prompt leaves the order to another try until its time runs out (decision 018).
    expect((await orderRow(t.db, started.order_id)).status).toBe('pending_payment');
    await expire();
    expect((await orderRow(t.db, started.order_id)).status).toBe('cancelled');
    expect(await stockOf(t.db, productId)).toBe(5);
  });

  it('is let go after an hour with no final answer, and Daraja is not asked for ever', async () => {
    const { t, daraja } = shop;
    const { who, productId, started, push } = await pushed();
    const expire = (ms: number) => expireStaleOrders(t.app.payments, later(ms));
    await expire(59 * 60_000);
    expect((await orderRow(t.db, started.order_id)).status).toBe('pending_payment');
    await expire(61 * 60_000);
    expect((await orderRow(t.db, started.order_id)).status).toBe('cancelled');
    expect(await stockOf(t.db, productId)).toBe(5);

    // Daraja keeps answering "being processed"; after a day the shop stops asking.
    await t.app.reconcilePayments(later(25 * 3_600_000));
    expect((await paymentRow(t.db, started.paymentId)).nextQueryAt).toBeNull();
    const asked = daraja.state.queries;
    await t.app.reconcilePayments(later(26 * 3_600_000));
    expect(daraja.state.queries).toBe(asked);
    // Money that comes after all is still never lost.
    await daraja.state.answer(push.checkoutRequestId, 0);
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'paid' });
    expect((await orderRow(t.db, started.order_id)).status).toBe('paid');
  });

  it('comes back to life when the money arrives after it expired and the stock is still there', async () => {
    const { t, daraja } = shop;
    const { who, productId, started, push } = await pushed();
    // Expired with the request unanswered (say the query job was down): the stock went back.
    await expireWhilePending(started.paymentId);
    expect((await orderRow(t.db, started.order_id)).status).toBe('cancelled');
    expect(await stockOf(t.db, productId)).toBe(5);

    await daraja.state.answer(push.checkoutRequestId, 0);
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'paid' });
    const order = await orderRow(t.db, started.order_id);
    expect(order.status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(3);
    expect((await paymentRow(t.db, started.paymentId)).refundDue).toBe(false);
  });

  it("is marked 'refund due' with the receipt when the money arrives after it expired and the stock is gone", async () => {
    const { t, daraja } = shop;
    const { started, push, productId } = await pushed(2, 2);
    await expireWhilePending(started.paymentId);
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, productId)); // sold meanwhile

    await daraja.state.answer(push.checkoutRequestId, 0);
    const order = await orderRow(t.db, started.order_id);
    expect(order.status).toBe('refund_due');
    expect(await stockOf(t.db, productId)).toBe(1); // nothing half-taken
    const payment = await paymentRow(t.db, started.paymentId);
    expect(payment).toMatchObject({
      status: 'captured',
      refundDue: true,
      transactionId: push.result!.receipt,
    });

    const boss = await admin(t.app, t.db);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: boss.auth,
    });
    expect(listed.json().orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      status: 'refund_due',
      next_statuses: ['refunded'],
    });
    const paymentsPage = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments',
      headers: boss.auth,
    });
    expect(
      paymentsPage.json().payments.find((p: { order_id: number }) => p.order_id === order.id),
    ).toMatchObject({ refund_due: true, transaction_id: push.result!.receipt, method: 'mpesa' });
  });

  it("marks a second payment for an order already paid 'refund due'", async () => {
    const { t, daraja } = shop;
    const { started, push } = await pushed();
    // Paid some other way meanwhile (as if by an earlier request the shopper also answered).
    await t.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, started.order_id));
    await daraja.state.answer(push.checkoutRequestId, 0);
    expect(await paymentRow(t.db, started.paymentId)).toMatchObject({
      status: 'captured',
      refundDue: true,
    });
    expect((await orderRow(t.db, started.order_id)).status).toBe('paid');
  });
});

/** The order expires as if its request had been given up: the expiry job's own path. */
async function expireWhilePending(paymentId: string) {
  const { t } = shop;
  await t.db
    .update(payments)
    .set({ nextQueryAt: null })
    .where(eq(payments.providerPaymentId, paymentId));
  await expireStaleOrders(t.app.payments, later(31 * 60_000));
}

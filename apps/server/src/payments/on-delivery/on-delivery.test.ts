// Pay on delivery (issue 22): where the county offers it and up to its maximum; the order holds its
// stock without expiring until the admin records the money, which makes it paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../../test/accounts.ts';
import { createPayment, product, putInCart, stockOf } from '../../../test/checkout-fixture.ts';
import { payments } from '../schema.ts';
import { cartItems } from '../../cart/schema.ts';
import { orders } from '../../orders/schema.ts';
import { expireStaleOrders } from '../../orders/expiry.ts';
import { receiveConfirmation } from '../mpesa/c2b/paid-in.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  // Mombasa offers it up to Ksh 5,000; Nairobi City up to any amount; Lamu not at all.
  for (const [code, change] of [
    ['001', { pay_on_delivery: true, pay_on_delivery_max: 5_000 }],
    ['047', { pay_on_delivery: true, fee: 200 }],
  ] as const) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/delivery/counties/${code}`,
      headers: boss.auth,
      payload: change,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
});
afterAll(() => t.close());

const payOnDelivery = (who: LoggedIn, extra: object = {}) =>
  createPayment(t.app, who, { method: 'pay_on_delivery', ...extra });

/** A shopper with `quantity` of a fresh product in the cart, delivering to `county`. */
async function readyShopper(county: string | null, priceCents = 100_000, quantity = 1) {
  const who = await shopper(t.app);
  const productId = await product(t.db, { priceCents, stock: 5 });
  await putInCart(t.db, who.id, productId, quantity);
  const shipping = await t.app.inject({
    method: 'POST',
    url: '/api/shipping',
    headers: who.auth,
    payload: {
      name: 'Baraka Mwangi',
      street_address: 'Nyali Road 7',
      city: 'Mombasa',
      ...(county ? { county } : { zip_code: '80100' }),
    },
  });
  if (shipping.statusCode !== 200) throw new Error(shipping.body);
  await t.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: who.auth,
    payload: { email: who.email },
  });
  return { who, productId };
}

function collect(orderId: number, payload: object, who: LoggedIn = boss) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/collect`,
    headers: who.auth,
    payload,
  });
}

const orderRow = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('pay on delivery', () => {
  it('is refused, saying why, without a county, where it is not offered and above the maximum', async () => {
    const cases: [string | null, number, string][] = [
      [null, 100_000, 'Choose your county in the shipping step to pay on delivery.'],
      ['Lamu', 100_000, 'Pay on delivery is not offered in Lamu.'],
      // Ksh 5,000 + Ksh 50 delivery + VAT is above Mombasa's Ksh 5,000.
      [
        'Mombasa',
        500_000,
        'Pay on delivery is offered in Mombasa for orders up to Ksh 5,000. Please pay now instead.',
      ],
    ];
    for (const [county, price, message] of cases) {
      const { who, productId } = await readyShopper(county, price);
      const res = await payOnDelivery(who);
      expect(res.statusCode, String(county)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'PAY_ON_DELIVERY_UNAVAILABLE', error: message });
      // Nothing was made and nothing held.
      expect(await stockOf(t.db, productId)).toBe(5);
      expect(await t.db.select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(0);
    }
  });

  it('confirms the order with its stock held without expiring; a newer checkout leaves it be', async () => {
    const { who, productId } = await readyShopper('Mombasa', 100_000, 2);
    const res = await payOnDelivery(who);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', pay_on_delivery: true });
    const orderId = res.json().order_id as number;
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'Pay on delivery',
      expiresAt: null,
    });
    expect(await stockOf(t.db, productId)).toBe(3);
    // It left the cart: the shopper is done.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, who.id))).toEqual([]);

    // A day later it still holds its stock.
    await expireStaleOrders(t.app.payments, new Date(Date.now() + 24 * 3_600_000));
    expect((await orderRow(orderId)).status).toBe('confirmed');
    expect(await stockOf(t.db, productId)).toBe(3);

    // The shopper buys something else: that checkout does not cancel this order.
    const other = await product(t.db, { priceCents: 10_000, stock: 5 });
    await putInCart(t.db, who.id, other, 1);
    expect((await createPayment(t.app, who)).statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe('confirmed');

    // The shopper sees it with its way of paying.
    const mine = await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth });
    expect(mine.json()).toMatchObject({ status: 'confirmed', payment_method: 'Pay on delivery' });
  });

  it('becomes paid when the admin records the money, once', async () => {
    const { who } = await readyShopper('Nairobi', 100_000);
    const orderId = (await payOnDelivery(who)).json().order_id as number;

    const notAdmin = await collect(orderId, { method: 'cash' }, who);
    expect(notAdmin.statusCode).toBe(403);
    const badCode = await collect(orderId, { method: 'mpesa', reference: 'nope' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fields.reference).toBeDefined();

    const done = await collect(orderId, { method: 'mpesa', reference: 'qgr7k2m9xp' });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('paid');
    const order = await orderRow(orderId);
    expect(order.paidAt).not.toBeNull();
    // Nairobi City's Ksh 200 went into the total the courier collected.
    expect(order.shippingCents).toBe(20_000);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      status: 'captured',
      transactionId: 'QGR7K2M9XP',
      amountCents: order.totalCents,
    });

    const twice = await collect(orderId, { method: 'cash' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('NOT_PAY_ON_DELIVERY');
  });

  it('is not what an order paid another way can be collected as; a cancelled one gives its stock back', async () => {
    const paypal = await readyShopper('Nairobi');
    const paypalOrder = (await createPayment(t.app, paypal.who)).json().order_id as number;
    expect((await collect(paypalOrder, { method: 'cash' })).statusCode).toBe(409);
    expect((await collect(999_999, { method: 'cash' })).statusCode).toBe(404);

    const { who, productId } = await readyShopper('Nairobi');
    const orderId = (await payOnDelivery(who)).json().order_id as number;
    expect(await stockOf(t.db, productId)).toBe(4);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      headers: boss.auth,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(t.db, productId)).toBe(5);
    expect((await collect(orderId, { method: 'cash' })).statusCode).toBe(409);
  });
});

describe('an order to be paid on delivery', () => {
  it('is paid by a Paybill payment to its account number before the courier comes', async () => {
    const { who } = await readyShopper('Nairobi', 100_000);
    const orderId = (await payOnDelivery(who)).json().order_id as number;
    const order = await orderRow(orderId);
    const outcome = await receiveConfirmation(
      t.app.payments,
      JSON.stringify({
        TransactionType: 'Pay Bill',
        TransID: 'QGR7K2M9ZZ',
        TransTime: '20261124101500',
        TransAmount: (order.totalCents / 100).toFixed(2),
        BusinessShortCode: '600000',
        BillRefNumber: String(orderId),
        MSISDN: '254712345678',
      }),
      true,
    );
    expect(outcome).toMatchObject({ kind: 'paid', orderId });
    expect((await orderRow(orderId)).status).toBe('paid');
    // Nothing is left to collect.
    expect((await collect(orderId, { method: 'cash' })).statusCode).toBe(409);
  });
});

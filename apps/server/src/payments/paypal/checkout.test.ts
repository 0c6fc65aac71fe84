// The checkout against PayPal's protocol, spoken by a stand-in server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { shopper } from '../../../test/accounts.ts';
import {
  createPayment,
  execute,
  fillCheckoutSteps,
  product,
  putInCart,
  stockOf,
} from '../../../test/checkout-fixture.ts';
import { payments } from '../schema.ts';
import { orders } from '../../orders/schema.ts';
import {
  STAND_IN_CREDENTIALS,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../../test/stand-ins/paypal.ts';

let t: TestContext;
let paypal: PayPalStandIn;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: STAND_IN_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: STAND_IN_CREDENTIALS.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_CURRENCY: 'USD',
    PAYPAL_KES_PER_UNIT: '129',
    PUBLIC_URL: 'http://shop.test',
  });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

async function paymentOf(orderId: number) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment!;
}

/** Polls until the condition holds (the capture has started), for at most five seconds. */
async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition never held');
}

async function startedCheckout(stock: number, quantity: number) {
  const p = await product(t.db, { priceCents: 100_000, stock });
  const who = await shopper(t.app);
  await putInCart(t.db, who.id, p, quantity);
  await fillCheckoutSteps(t.app, who);
  const res = await createPayment(t.app, who);
  expect(res.statusCode, res.body).toBe(200);
  return {
    p,
    who,
    started: res.json() as { payment_link: string; order_id: number; paymentId: string },
  };
}

describe('checkout with PayPal', () => {
  it('creates a PayPal order for the order total in the settlement currency, and records both amounts', async () => {
    const { started } = await startedCheckout(5, 2);
    expect(started.payment_link).toBe(`${paypal.url}/checkoutnow?token=${started.paymentId}`);
    const atPayPal = paypal.state.orders.get(started.paymentId)!;
    expect(atPayPal.returnUrl).toBe('http://shop.test/excute-payment');
    expect(atPayPal.cancelUrl).toBe('http://shop.test/cart?payment=cancelled');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, started.order_id));
    // 2 × 1,000 + 50 = 2,050, VAT 328 → Ksh 2,378 → USD 18.43 at 129 KES per USD.
    expect(payment).toMatchObject({
      provider: 'paypal',
      amountCents: 237_800,
      currency: 'KES',
      settlementCurrency: 'USD',
      settlementAmountMinor: 1_843,
      exchangeRate: '129',
    });
    expect(atPayPal.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '18.43' });
  });

  it('sends a shopper of the Kiswahili shop back to its pages, callbacks aside (issue 37)', async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 5 });
    const who = await shopper(t.app);
    await putInCart(t.db, who.id, p, 1);
    await fillCheckoutSteps(t.app, who);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: { ...who.auth, 'accept-language': 'sw' },
      payload: { order_total: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const atPayPal = paypal.state.orders.get((res.json() as { paymentId: string }).paymentId)!;
    expect(atPayPal.returnUrl).toBe('http://shop.test/sw/excute-payment');
    expect(atPayPal.cancelUrl).toBe('http://shop.test/sw/cart?payment=cancelled');
  });

  it('captures once however many times the return is executed, at once or one after another', async () => {
    const { p, who, started } = await startedCheckout(5, 1);
    const before = paypal.state.captures;
    const payerId = paypal.state.approve(started.paymentId);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => execute(t.app, who, started.paymentId, payerId)),
    );
    for (let i = 0; i < 10; i++)
      expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
    // Returns that arrive while the capture is in flight are told 'processing' (202).
    const statuses = concurrent.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
    expect(statuses).toContain(200);
    expect(
      concurrent
        .filter((r) => r.statusCode === 202)
        .every((r) => r.json().message === 'Payment processing'),
    ).toBe(true);
    expect(paypal.state.captures - before).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(order!.status).toBe('paid');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, started.order_id));
    expect(payment!.transactionId).toBe(paypal.state.orders.get(started.paymentId)!.capture!.id);
    expect(await stockOf(t.db, p)).toBe(4);
  });

  it('a slow capture holds no lock: the shop answers meanwhile, and a second return captures nothing', async () => {
    const { who, started } = await startedCheckout(5, 1);
    const payerId = paypal.state.approve(started.paymentId);
    const before = paypal.state.captures;
    paypal.state.captureDelayMs = 5_000;
    try {
      let firstDone = false;
      const first = execute(t.app, who, started.paymentId, payerId).then((r) => {
        firstDone = true;
        return r;
      });
      await until(async () => (await paymentOf(started.order_id)).status === 'capturing');
      // On the embedded database (one connection) a lock held across the call would stall this.
      const catalogue = await t.app.inject('/api/products?limit=4');
      expect(catalogue.statusCode).toBe(200);
      const second = await execute(t.app, who, started.paymentId, payerId);
      expect(second.statusCode).toBe(202);
      expect(second.json()).toEqual({ message: 'Payment processing', order_id: started.order_id });
      expect(firstDone).toBe(false);
      expect((await first).statusCode).toBe(200);
    } finally {
      paypal.state.captureDelayMs = 0;
    }
    expect(paypal.state.captures - before).toBe(1);
    expect((await paymentOf(started.order_id)).status).toBe('captured');
    expect((await execute(t.app, who, started.paymentId, payerId)).json().message).toBe(
      'Payment completed',
    );
  });

  it('a declined capture tells the shopper and releases the stock', async () => {
    const { p, who, started } = await startedCheckout(3, 3);
    const payerId = paypal.state.approve(started.paymentId);
    paypal.state.declineNextCapture();
    const res = await execute(t.app, who, started.paymentId, payerId);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_DECLINED');
    expect(await stockOf(t.db, p)).toBe(3);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, started.order_id));
    expect(payment!.status).toBe('failed');
  });

  it('a network failure during capture changes nothing, and trying again completes the payment', async () => {
    const { p, who, started } = await startedCheckout(2, 1);
    const payerId = paypal.state.approve(started.paymentId);
    paypal.state.failNextRequest('network');
    const failed = await execute(t.app, who, started.paymentId, payerId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('PAYMENT_UNCONFIRMED');
    const [pending] = await t.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(pending!.status).toBe('pending_payment');
    expect(await stockOf(t.db, p)).toBe(1);
    expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
  });

  it('a capture whose answer was lost is not captured twice on retry', async () => {
    const { who, started } = await startedCheckout(2, 1);
    const payerId = paypal.state.approve(started.paymentId);
    const before = paypal.state.captures;
    paypal.state.failNextRequest('network', 'after');
    expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(502);
    expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
    expect(paypal.state.captures - before).toBe(1);
  });

  it('PayPal being down when the payment starts gives the stock back and says so', async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 2 });
    const who = await shopper(t.app);
    await putInCart(t.db, who.id, p, 2);
    await fillCheckoutSteps(t.app, who);
    paypal.state.failNextRequest('500');
    const res = await createPayment(t.app, who);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PAYMENT_UNAVAILABLE');
    expect(await stockOf(t.db, p)).toBe(2);
    // The operator's log says why (PayPal's status), with no credential in it.
    const logged = t.logs.find((line) => line.includes('PAYMENT_UNAVAILABLE'));
    expect(logged).toContain('PayPal create order failed with HTTP 500');
    expect(t.logs.join('\n')).not.toContain(STAND_IN_CREDENTIALS.clientSecret);
  });
});

// Starting an M-Pesa payment against the Daraja stand-in: what the push carries, what the shopper
// is told when Daraja refuses or does not answer, and who may read the payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MPESA_MESSAGES } from '@duka/domain';
import { shopper, type LoggedIn } from '../../../../test/accounts.ts';
import {
  createPayment,
  fillCheckoutSteps,
  product,
  putInCart,
  stockOf,
} from '../../../../test/checkout-fixture.ts';
import {
  eventsOf,
  mpesaShop,
  orderRow,
  payWithMpesa,
  paymentRow,
  readyToPay,
  startedMpesa,
  statusOf,
  type MpesaShop,
} from '../../../../test/mpesa-fixture.ts';
import { DARAJA_CREDENTIALS } from '../../../../test/stand-ins/daraja.ts';
import { orders } from '../../../orders/schema.ts';

let shop: MpesaShop;

beforeAll(async () => {
  shop = await mpesaShop();
});
afterAll(async () => {
  await shop.close();
});

describe('sending an M-Pesa payment request', () => {
  it('pushes the order total in shillings to the normalised phone, with a callback URL under PUBLIC_URL', async () => {
    const { t, daraja } = shop;
    const { who, productId } = await readyToPay(t.app, t.db, 5, 2);
    const res = await payWithMpesa(t.app, who, '+254 712 345 678');
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json();
    expect(started).toEqual({
      order_id: expect.any(Number),
      paymentId: expect.stringMatching(/^MP-/),
      status: 'pending',
    });

    const push = daraja.state.lastPush();
    // 2 × 1,000 + 50 = 2,050, VAT 328: Ksh 2,378.
    expect(push.body).toEqual({
      BusinessShortCode: DARAJA_CREDENTIALS.shortcode,
      Password: expect.any(String), // checked by the stand-in against the Timestamp
      Timestamp: expect.stringMatching(/^\d{14}$/),
      TransactionType: 'CustomerPayBillOnline',
      Amount: 2378,
      PartyA: '254712345678',
      PartyB: DARAJA_CREDENTIALS.shortcode,
      PhoneNumber: '254712345678',
      CallBackURL: expect.stringMatching(
        new RegExp(`^${shop.publicUrl}/api/mpesa/callback/[A-Za-z0-9_-]{43}$`),
      ),
      AccountReference: `DUKA${started.order_id}`,
      TransactionDesc: `Order ${started.order_id}`,
    });
    expect(String(push.body.AccountReference).length).toBeLessThanOrEqual(12);
    expect(String(push.body.TransactionDesc).length).toBeLessThanOrEqual(13);
    const order = await orderRow(t.db, started.order_id);
    expect(order).toMatchObject({ status: 'pending_payment', paymentMethod: 'M-Pesa' });
    expect(order.totalCents).toBe(237_800);
    expect(await stockOf(t.db, productId)).toBe(3); // reserved, not sold
    expect(await statusOf(t.app, who, started.paymentId)).toEqual({
      status: 'pending',
      method: 'mpesa',
      order_id: started.order_id,
      amount: 237_800,
    });
    const payment = await paymentRow(t.db, started.paymentId);
    expect(payment).toMatchObject({
      method: 'mpesa',
      provider: 'mpesa',
      phone: '254712345678',
      checkoutRequestId: push.checkoutRequestId,
      merchantRequestId: push.merchantRequestId,
      status: 'created',
    });
  });

  it.each(['0712345678', '0112 345 678', '+254712345678', '254712345678'])(
    'takes %s as a Kenyan mobile number',
    async (phone) => {
      const { t, daraja } = shop;
      const { who } = await readyToPay(t.app, t.db);
      await startedMpesa(t.app, who, phone);
      expect(daraja.state.lastPush().phone).toBe(`254${phone.replace(/ /g, '').slice(-9)}`);
    },
  );

  it('uses the phone of the profile when none is given', async () => {
    const { t, daraja } = shop;
    const { who } = await readyToPay(t.app, t.db); // signed up with 0712345678
    const res = await payWithMpesa(t.app, who);
    expect(res.statusCode, res.body).toBe(202);
    expect(daraja.state.lastPush().phone).toBe('254712345678');
  });

  it('refuses a phone that is not a Kenyan mobile number, naming the field, and sends nothing', async () => {
    const { t, daraja } = shop;
    const { who, productId } = await readyToPay(t.app, t.db);
    const pushes = daraja.state.pushes.length;
    for (const phone of ['0202345678', '+255712345678', '07123', 'phone']) {
      const res = await payWithMpesa(t.app, who, phone);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ phone: MPESA_MESSAGES.invalidPhone });
    }
    const other = await shopper(t.app, { phone_number: '020 234 5678' });
    await readyToPayAs(other);
    const res = await payWithMpesa(t.app, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: MPESA_MESSAGES.invalidPhone });
    expect(daraja.state.pushes).toHaveLength(pushes);
    expect(await stockOf(t.db, productId)).toBe(5); // no order was made
  });

  it('still starts the redirect provider without a method, as before', async () => {
    const { t } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const res = await createPayment(t.app, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment_link).toMatch(/^\/sandbox-pay\//);
  });

  it('shows the shopper why Daraja refused the push, and leaves the order payable', async () => {
    const { t, daraja } = shop;
    const { who, productId } = await readyToPay(t.app, t.db);
    daraja.state.refuseNextPush('400.002.02', 'Bad Request - Invalid PhoneNumber');
    const res = await payWithMpesa(t.app, who, '0712345678');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'MPESA_REFUSED',
      error: 'M-Pesa did not accept the request: Bad Request - Invalid PhoneNumber',
    });
    const [order] = await ordersOf(who.id);
    expect(order!.status).toBe('pending_payment');
    expect(await stockOf(t.db, productId)).toBe(3);
    // The operator's log names Daraja's error code and message.
    expect(t.logs.find((l) => l.includes('MPESA_REFUSED'))).toContain(
      'Daraja refused the push: 400.002.02 Bad Request - Invalid PhoneNumber',
    );
    // Paying again works.
    const again = await startedMpesa(t.app, who);
    expect(await statusOf(t.app, who, again.paymentId)).toMatchObject({ status: 'pending' });
  });

  it('retries a Daraja outage with back-off, then tells the shopper M-Pesa is not answering', async () => {
    const { t, daraja } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const pushes = daraja.state.pushes.length;
    daraja.state.failNext('503', { endpoint: 'push', times: 3 });
    const res = await payWithMpesa(t.app, who, '0712345678');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'MPESA_UNAVAILABLE',
      error: 'M-Pesa is not answering right now. Please try again in a minute.',
    });
    expect(res.headers['retry-after']).toBe('60');
    expect(daraja.state.pushes).toHaveLength(pushes); // three tries, none got through
    const logged = t.logs.filter((l) => l.includes('MPESA_UNAVAILABLE')).at(-1);
    expect(logged).toContain('Daraja push failed: Daraja answered HTTP 503');
    expect(t.logs.join('\n')).not.toContain(DARAJA_CREDENTIALS.consumerSecret);
    expect(t.logs.join('\n')).not.toContain(DARAJA_CREDENTIALS.passkey);

    // One failure is ridden out by the retry: the shopper never notices.
    daraja.state.failNext('503', { endpoint: 'push', times: 1 });
    const retried = await payWithMpesa(t.app, who, '0712345678');
    expect(retried.statusCode, retried.body).toBe(202);
    expect(daraja.state.pushes).toHaveLength(pushes + 1);
  });

  it('does not push twice when the answer to a push is lost: the shopper is told M-Pesa is not answering', async () => {
    const { t, daraja } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const pushes = daraja.state.pushes.length;
    daraja.state.failNext('network', { endpoint: 'push', when: 'after' });
    const res = await payWithMpesa(t.app, who, '0712345678');
    expect(res.statusCode).toBe(503);
    expect(daraja.state.pushes).toHaveLength(pushes + 1); // it did reach Daraja, once
    const [order] = await ordersOf(who.id);
    expect(order!.status).toBe('pending_payment');
  });

  it('gets a new token when Daraja drops the old one', async () => {
    const { t, daraja } = shop;
    const { who } = await readyToPay(t.app, t.db);
    await startedMpesa(t.app, who);
    const tokens = daraja.state.tokenRequests;
    daraja.state.expireTokens();
    const { who: next } = await readyToPay(t.app, t.db);
    await startedMpesa(t.app, next);
    expect(daraja.state.tokenRequests).toBe(tokens + 1);
    expect(daraja.state.unauthorized).toBeGreaterThan(0);
  });

  it('keeps each request and answer on the payment with the secrets masked', async () => {
    const { t, daraja } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const started = await startedMpesa(t.app, who);
    const payment = await paymentRow(t.db, started.paymentId);
    const events = await eventsOf(t.db, payment.id);
    expect(events.map((e) => e.kind)).toEqual(['push', 'push-answer']);
    const push = daraja.state.lastPush();
    const stored = events.map((e) => e.body).join('\n');
    const secret = push.callbackUrl.split('/').pop()!;
    for (const hidden of [
      DARAJA_CREDENTIALS.passkey,
      DARAJA_CREDENTIALS.consumerSecret,
      String(push.body.Password),
      secret,
    ]) {
      expect(stored).not.toContain(hidden);
    }
    expect(JSON.parse(events[0]!.body)).toMatchObject({
      Password: '•••',
      CallBackURL: `${shop.publicUrl}/api/mpesa/callback/•••`,
      Amount: 2378,
    });
    expect(payment.callbackSecretHash).not.toContain(secret);
  });

  it('answers the payment only to the shopper whose order it pays', async () => {
    const { t } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const started = await startedMpesa(t.app, who);
    const stranger = await shopper(t.app);
    const url = `/api/payments/${started.paymentId}`;
    const theirs = await t.app.inject({ method: 'GET', url, headers: stranger.auth });
    expect(theirs.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/payments/MP-nope',
      headers: who.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(theirs.json().error).toBe(missing.json().error);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('limits how often one account can ring a phone', async () => {
    const { t } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push((await payWithMpesa(t.app, who, '0712345678')).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

async function readyToPayAs(who: LoggedIn) {
  const { t } = shop;
  const productId = await product(t.db, { priceCents: 10_000, stock: 3 });
  await putInCart(t.db, who.id, productId, 1);
  await fillCheckoutSteps(t.app, who);
}

function ordersOf(userId: number) {
  return shop.t.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id));
}

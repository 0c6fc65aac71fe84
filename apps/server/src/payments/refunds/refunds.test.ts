// Refunds that move money (decision record 029), against the PayPal stand-in: all or part of a
// capture goes back and the order's money follows; more than came in, or a second refund while
// one is in flight, is refused before anything is sent; a failure gives the money back to be
// refunded again; a lost answer is asked about again with the same key and never paid twice; two
// refunds racing for the last shilling: one wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, type LoggedIn } from '../../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import {
  createPayment,
  execute,
  fillCheckoutSteps,
  product,
  putInCart,
} from '../../../test/checkout-fixture.ts';
import { shopper } from '../../../test/accounts.ts';
import {
  STAND_IN_CREDENTIALS,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../../test/stand-ins/paypal.ts';
import { payments } from '../schema.ts';
import { orders } from '../../orders/schema.ts';
import { orderMoney } from '../money.ts';

let t: TestContext;
let paypal: PayPalStandIn;
let boss: LoggedIn;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: STAND_IN_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: STAND_IN_CREDENTIALS.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_CURRENCY: 'USD',
    PAYPAL_KES_PER_UNIT: '129',
  });
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

/** An order of Ksh 2,378 (2 × 1,000 + 50 delivery + VAT) paid through PayPal. */
async function paidOrder() {
  const who = await shopper(t.app);
  await putInCart(t.db, who.id, await product(t.db, { priceCents: 100_000, stock: 5 }), 2);
  await fillCheckoutSteps(t.app, who);
  const started = (await createPayment(t.app, who)).json();
  const payerId = paypal.state.approve(started.paymentId);
  expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, started.paymentId));
  return { orderId: started.order_id as number, payment: payment! };
}

const refund = (orderId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: boss.auth,
    payload,
  });

const moneyOf = async (orderId: number) => {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return orderMoney(t.db, order!);
};

const refundsAtPayPal = (captureId: string) =>
  paypal.state.refundList.filter((r) => r.captureId === captureId);

describe('a refund through PayPal', () => {
  it('gives back part of a capture, then the rest, to the cent of what was charged', async () => {
    const { orderId, payment } = await paidOrder();
    expect(payment.settlementAmountMinor).toBe(1843); // Ksh 2,378 at 129 a dollar: $18.43

    const part = await refund(orderId, { amount: 100_000, reason: 'One line came back' });
    expect(part.statusCode, part.body).toBe(202);
    expect(part.json()).toMatchObject({
      amount: 100_000,
      status: 'confirmed',
      method: 'paypal',
      kind: 'goods',
      reference: expect.any(String),
    });
    expect(await moneyOf(orderId)).toEqual({
      due: 137_800,
      paid: 237_800,
      refunded: 100_000,
      balance: 0,
      state: 'partially_refunded',
    });

    const rest = await refund(orderId, { amount: 137_800, reason: 'The rest came back' });
    expect(rest.json()).toMatchObject({ status: 'confirmed' });
    expect((await moneyOf(orderId)).state).toBe('refunded');
    const sent = refundsAtPayPal(payment.transactionId!);
    expect(sent.map((r) => r.amountMinor)).toEqual([775, 1068]);
    expect(sent.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(1843);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 237_800 });

    const none = await refund(orderId, { amount: 1, reason: 'Again' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOTHING_TO_REFUND');
  });

  it('refuses more than came in before anything is sent', async () => {
    const { orderId, payment } = await paidOrder();
    const res = await refund(orderId, { amount: 237_801, reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      error: 'At most Ksh 2,378 of this payment can be refunded.',
    });
    expect(refundsAtPayPal(payment.transactionId!)).toHaveLength(0);
    for (const bad of [
      { amount: 0, reason: 'x' },
      { amount: 100, reason: ' ' },
      { amount: 1.5, reason: 'x' },
    ]) {
      expect((await refund(orderId, bad)).statusCode).toBe(400);
    }
  });

  it('fails with PayPal’s words, gives the money back to refund, and is tried again by a person', async () => {
    const { orderId, payment } = await paidOrder();
    paypal.state.refusingRefunds = true;
    const failed = await refund(orderId, { amount: 50_000, reason: 'Scratched' });
    paypal.state.refusingRefunds = false;
    expect(failed.json()).toMatchObject({
      status: 'failed',
      failure: expect.stringContaining('REFUND_FAILED_INSUFFICIENT_FUNDS'),
    });
    const [kept] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept!.refundedCents).toBe(0);
    expect((await moneyOf(orderId)).state).toBe('paid');

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${failed.json().id}/retry`,
      headers: boss.auth,
    });
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ id: failed.json().id, status: 'confirmed' });
    expect(refundsAtPayPal(payment.transactionId!)).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${failed.json().id}/retry`,
      headers: boss.auth,
    });
    expect(again.json().code).toBe('REFUND_NOT_FAILED');
  });

  it('whose answer was lost is asked about again with the same key, and paid once', async () => {
    const { orderId, payment } = await paidOrder();
    paypal.state.failNextRequest('network', 'after');
    const lost = await refund(orderId, { amount: 60_000, reason: 'Lost answer' });
    expect(lost.json()).toMatchObject({ status: 'sent' });
    // A second refund waits for this one.
    const second = await refund(orderId, { amount: 10_000, reason: 'Meanwhile' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('REFUND_IN_PROGRESS');

    await t.app.queryRefunds(new Date(Date.now() + 5 * 60_000));
    const listed = await t.app.inject({
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: boss.auth,
    });
    expect(listed.json().refunds).toEqual([
      expect.objectContaining({ id: lost.json().id, status: 'confirmed', amount: 60_000 }),
    ]);
    expect(refundsAtPayPal(payment.transactionId!)).toHaveLength(1);
  });

  it('racing another for the last shilling: one wins, the other is refused, one refund at PayPal', async () => {
    const { orderId, payment } = await paidOrder();
    const answers = await Promise.all([
      refund(orderId, { amount: 237_800, reason: 'First' }),
      refund(orderId, { amount: 237_800, reason: 'Second' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(refundsAtPayPal(payment.transactionId!)).toHaveLength(1);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.refundedCents).toBe(237_800);
  });

  it('is for those who may refund: a packer gets 403', async () => {
    const { orderId } = await paidOrder();
    const packer = await admin(t.app, t.db, 'fulfilment');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: packer.auth,
      payload: { amount: 100, reason: 'No' },
    });
    expect(res.statusCode).toBe(403);
  });
});

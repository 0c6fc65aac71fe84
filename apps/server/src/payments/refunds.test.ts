// Refunds: moving a paid order to 'refunded' calls the provider where it has an API (PayPal's
// capture refund, M-Pesa B2C to the payer's phone), and otherwise records a refund made by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { createPayment, execute } from '../../test/checkout-fixture.ts';
import {
  mpesaShop,
  orderRow,
  paymentRow,
  readyToPay,
  startedMpesa,
  type MpesaShop,
} from '../../test/mpesa-fixture.ts';
import {
  STAND_IN_CREDENTIALS,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../test/stand-ins/paypal.ts';
import type { App } from '../app.ts';
import { payments } from './schema.ts';
import { products } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';
import { expireStaleOrders } from '../orders/expiry.ts';

let withReversal: MpesaShop;
let withoutReversal: MpesaShop;
let paypal: PayPalStandIn;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  withReversal = await mpesaShop({
    MPESA_INITIATOR_NAME: 'duka-api',
    MPESA_SECURITY_CREDENTIAL: 'encrypted-initiator-password',
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: STAND_IN_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: STAND_IN_CREDENTIALS.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  });
  withoutReversal = await mpesaShop();
});
afterAll(async () => {
  await withReversal.close();
  await withoutReversal.close();
  await paypal.close();
});

function move(app: App, boss: LoggedIn, orderId: number, body: object) {
  return app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}/status`,
    headers: boss.auth,
    payload: body,
  });
}

async function paidWithMpesa(shop: MpesaShop) {
  const { t, daraja } = shop;
  const { who, productId } = await readyToPay(t.app, t.db);
  const started = await startedMpesa(t.app, who);
  const push = daraja.state.lastPush();
  await daraja.state.answer(push.checkoutRequestId, 0);
  return { who, productId, started, receipt: push.result!.receipt! };
}

describe('refunding an order', () => {
  it('refunds an M-Pesa payment by B2C to the phone that paid, when it has initiator credentials', async () => {
    const { t, daraja } = withReversal;
    const { started } = await paidWithMpesa(withReversal);
    const boss = await admin(t.app, t.db);
    const res = await move(t.app, boss, started.order_id, { status: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('refunded');
    const sent = daraja.state.b2cPayments.at(-1)!;
    expect(sent.body).toMatchObject({
      CommandID: 'BusinessPayment',
      Amount: 2378,
      PartyB: '254712345678',
      ResultURL: expect.stringMatching(
        new RegExp(`^${withReversal.publicUrl}/api/mpesa/b2c/result/[\\w-]{32}$`),
      ),
    });
    await daraja.state.b2cSettled();
    const payment = await paymentRow(t.db, started.paymentId);
    expect(payment).toMatchObject({ status: 'refunded', refundDue: false });
    expect(payment.refundReference).toBe(sent.result.receipt);
    // Moving it again is refused; nothing is sent twice.
    const again = await move(t.app, boss, started.order_id, { status: 'refunded' });
    expect(again.statusCode).toBe(422);
    const forOrder = daraja.state.b2cRequests.filter(
      (r) => r.Remarks === `Refund of Duka order ${started.order_id}`,
    );
    expect(forOrder).toHaveLength(1);
  });

  it("refunds a PayPal payment through PayPal's capture refund", async () => {
    const { t } = withReversal;
    const { who } = await readyToPay(t.app, t.db);
    const started = (await createPayment(t.app, who)).json();
    const payerId = paypal.state.approve(started.paymentId);
    expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
    const refunds = paypal.state.refunds;
    const boss = await admin(t.app, t.db);
    const res = await move(t.app, boss, started.order_id, { status: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(paypal.state.refunds).toBe(refunds + 1);
    expect(await paymentRow(t.db, started.paymentId)).toMatchObject({
      status: 'refunded',
      refundReference: expect.any(String),
    });
  });

  it('asks for the reference of a refund made by hand when the provider has no API for it', async () => {
    const { t, daraja } = withoutReversal;
    const { started } = await paidWithMpesa(withoutReversal);
    const boss = await admin(t.app, t.db);
    const refused = await move(t.app, boss, started.order_id, { status: 'refunded' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('REFUND_BY_HAND');
    expect((await orderRow(t.db, started.order_id)).status).toBe('paid');
    expect(daraja.state.b2cRequests).toHaveLength(0);

    const res = await move(t.app, boss, started.order_id, {
      status: 'refunded',
      refund_reference: 'QK12REV0RS',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentRow(t.db, started.paymentId)).toMatchObject({
      status: 'refunded',
      refundReference: 'QK12REV0RS',
    });
  });

  it("gives back the money of an order marked 'refund due'", async () => {
    const { t, daraja } = withReversal;
    const { who, productId } = await readyToPay(t.app, t.db, 2, 2);
    const started = await startedMpesa(t.app, who);
    const push = daraja.state.lastPush();
    await t.db
      .update(payments)
      .set({ nextQueryAt: null })
      .where(eq(payments.providerPaymentId, started.paymentId));
    await expireStaleOrders(t.app.payments, new Date(Date.now() + 3600_000));
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, productId));
    await daraja.state.answer(push.checkoutRequestId, 0);
    expect((await orderRow(t.db, started.order_id)).status).toBe('refund_due');

    const boss = await admin(t.app, t.db);
    const res = await move(t.app, boss, started.order_id, { status: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    await daraja.state.b2cSettled();
    expect(await paymentRow(t.db, started.paymentId)).toMatchObject({
      status: 'refunded',
      refundDue: false,
    });
  });

  it('gives back a second payment of an order that stays paid', async () => {
    const { t } = withoutReversal;
    const { started } = await paidWithMpesa(withoutReversal);
    const boss = await admin(t.app, t.db);
    const refund = (id: number, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${id}/refund`,
        headers: boss.auth,
        payload,
      });
    const first = await paymentRow(t.db, started.paymentId);
    expect((await refund(first.id, {})).json().code).toBe('NOT_REFUND_DUE');

    // A second payment came in for it (as if the shopper answered two requests).
    const [second] = await t.db
      .insert(payments)
      .values({
        orderId: started.order_id,
        provider: 'mpesa',
        providerPaymentId: `MP-second-${first.id}`,
        method: 'mpesa',
        status: 'captured',
        amountCents: first.amountCents,
        settlementCurrency: 'KES',
        settlementAmountMinor: first.amountCents,
        transactionId: 'SECONDRCPT',
        receivedCents: first.amountCents,
        refundDue: true,
      })
      .returning();
    const byHand = await refund(second!.id, { reference: 'QK12REV0RT' });
    expect(byHand.statusCode, byHand.body).toBe(202);
    expect(byHand.json()).toMatchObject({
      status: 'confirmed',
      method: 'manual',
      kind: 'money',
      amount: first.amountCents,
      reference: 'QK12REV0RT',
    });
    expect(await paymentRow(t.db, second!.providerPaymentId)).toMatchObject({
      status: 'refunded',
      refundDue: false,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(order!.status).toBe('paid');
  });
});

// Daraja's callbacks, posted over HTTP by the stand-in to the shop's CallBackURL: a success pays
// the order once however often it comes; a callback that cannot prove itself never pays anything;
// failures tell the shopper why; bad bodies are recorded and answered without a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MPESA_MESSAGES } from '@duka/domain';
import { admin } from '../../test/accounts.ts';
import { stockOf } from '../../test/checkout-fixture.ts';
import {
  eventsOf,
  mpesaShop,
  orderRow,
  paymentRow,
  readyToPay,
  startedMpesa,
  statusOf,
  type MpesaShop,
} from '../../test/mpesa-fixture.ts';
import { cartItems } from '../cart/schema.ts';

let shop: MpesaShop;
const ACCEPTED = JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' });

beforeAll(async () => {
  shop = await mpesaShop();
});
afterAll(async () => {
  await shop.close();
});

async function pushed() {
  const { t, daraja } = shop;
  const checkout = await readyToPay(t.app, t.db, 5, 2);
  const started = await startedMpesa(t.app, checkout.who);
  return { ...checkout, started, push: daraja.state.lastPush() };
}

describe("Daraja's callback", () => {
  it('pays the order with the receipt and sells the stock once, however often it comes', async () => {
    const { t, daraja } = shop;
    const { who, productId, started, push } = await pushed();
    expect(await stockOf(t.db, productId)).toBe(3);

    const [first] = await daraja.state.answer(push.checkoutRequestId, 0);
    expect(first).toEqual({ status: 200, body: ACCEPTED });
    const receipt = push.result!.receipt!;
    expect(await statusOf(t.app, who, started.paymentId)).toEqual({
      status: 'paid',
      method: 'mpesa',
      order_id: started.order_id,
      amount: 237_800,
      receipt,
    });
    const paidOrder = await orderRow(t.db, started.order_id);
    expect(paidOrder.status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(3);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, who.id))).toEqual([]);
    const paid = await paymentRow(t.db, started.paymentId);
    expect(paid).toMatchObject({ status: 'captured', transactionId: receipt, resultCode: 0 });
    expect(paid.nextQueryAt).toBeNull();

    // The same callback three more times: answered, recorded, and nothing else changes.
    const again = await daraja.state.answer(push.checkoutRequestId, 0, { times: 3 });
    expect(again).toEqual(Array(3).fill({ status: 200, body: ACCEPTED }));
    expect(await paymentRow(t.db, started.paymentId)).toEqual(paid);
    expect(await orderRow(t.db, started.order_id)).toEqual(paidOrder);
    expect(await stockOf(t.db, productId)).toBe(3);
    const notes = (await eventsOf(t.db, paid.id)).filter((e) => e.kind === 'callback');
    expect(notes.map((e) => e.note)).toEqual([
      'applied: order paid',
      'duplicate: already paid',
      'duplicate: already paid',
      'duplicate: already paid',
    ]);

    // The order page shows the receipt as the transaction id.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/order/${started.order_id}`,
      headers: who.auth,
    });
    expect(detail.json()).toMatchObject({ transaction_id: receipt, payment_method: 'M-Pesa' });
  });

  it('never pays for a callback with the wrong amount, without the secret, with a wrong secret or for another CheckoutRequestID', async () => {
    const { t, daraja } = shop;
    const { who, started, push } = await pushed();
    const callbackBase = push.callbackUrl.slice(0, push.callbackUrl.lastIndexOf('/'));
    const attempts = [
      daraja.state.answer(push.checkoutRequestId, 0, { amount: 1 }),
      daraja.state.answer(push.checkoutRequestId, 0, { url: callbackBase }),
      daraja.state.answer(push.checkoutRequestId, 0, { url: `${callbackBase}/not-the-secret` }),
      daraja.state.answer(push.checkoutRequestId, 0, { checkoutRequestId: 'ws_CO_000000000000' }),
    ];
    for (const deliveries of await Promise.all(attempts)) {
      // Daraja is told each was received: it would not send them better by retrying.
      expect(deliveries).toEqual([{ status: 200, body: ACCEPTED }]);
    }
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'pending' });
    expect((await orderRow(t.db, started.order_id)).status).toBe('pending_payment');
    const payment = await paymentRow(t.db, started.paymentId);
    // Each is kept for the admin beside the payment it named.
    const notes = (await eventsOf(t.db, payment.id))
      .filter((e) => e.kind === 'callback')
      .map((e) => e.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        'rejected: amount 1 is not the order total 2378',
        'rejected: no callback secret',
        'rejected: a callback secret that is not ours',
        "rejected: CheckoutRequestID ws_CO_000000000000 is not this payment's",
      ]),
    );
    // Money M-Pesa says was paid and the shop refused is flagged on the admin's Payments list.
    const boss = await admin(t.app, t.db);
    const listed = (await t.app.inject({ url: '/api/admin/payments?limit=50', headers: boss.auth }))
      .json()
      .payments.find((p: { id: number }) => p.id === payment.id);
    expect(listed.attention).toEqual({
      reason: 'M-Pesa says paid, refused: amount 1 is not the order total 2378',
      receipt: expect.stringMatching(/^\w{10}$/),
    });

    // A callback for a CheckoutRequestID nobody knows, without a secret, is kept on its own.
    const stray = daraja.state.callbackBody({ ...push, checkoutRequestId: 'ws_CO_UNKNOWN' }, 0);
    const answer = await daraja.state.post(`${callbackBase}`, JSON.stringify(stray));
    expect(answer).toEqual({ status: 200, body: ACCEPTED });
    const unmatched = await eventsOf(t.db, null);
    expect(unmatched.at(-1)).toMatchObject({
      kind: 'callback',
      note: 'rejected: no callback secret',
    });
    expect(unmatched.at(-1)!.body).toContain('ws_CO_UNKNOWN');

    // The real callback still pays.
    await daraja.state.answer(push.checkoutRequestId, 0);
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'paid' });
  });

  it.each([
    [1032, MPESA_MESSAGES.cancelled],
    [1037, MPESA_MESSAGES.unreachable],
    [2001, MPESA_MESSAGES.wrongPin],
    [1, MPESA_MESSAGES.balance],
    [1001, MPESA_MESSAGES.failed],
    [1019, MPESA_MESSAGES.failed],
  ])(
    'failure %i tells the shopper why, keeps the order and its stock, and paying it again works',
    async (code, message) => {
      const { t, daraja } = shop;
      const { who, productId, started, push } = await pushed();
      const [delivery] = await daraja.state.answer(push.checkoutRequestId, code);
      expect(delivery).toEqual({ status: 200, body: ACCEPTED });
      expect(await statusOf(t.app, who, started.paymentId)).toEqual({
        status: 'failed',
        method: 'mpesa',
        order_id: started.order_id,
        amount: 237_800,
        message,
      });
      // The order waits for another try (decision record 018): its stock stays held.
      expect((await orderRow(t.db, started.order_id)).status).toBe('pending_payment');
      expect(await stockOf(t.db, productId)).toBe(3);
      expect(await paymentRow(t.db, started.paymentId)).toMatchObject({
        status: 'failed',
        resultCode: code,
        nextQueryAt: null,
      });

      // 'Try again': a new push for the same order, which pays.
      const again = await startedMpesa(t.app, who, '0712 345 678', started.order_id);
      expect(again.order_id).toBe(started.order_id);
      expect(await stockOf(t.db, productId)).toBe(3);
      await daraja.state.answer(daraja.state.lastPush().checkoutRequestId, 0);
      expect(await statusOf(t.app, who, again.paymentId)).toMatchObject({ status: 'paid' });
      expect(await stockOf(t.db, productId)).toBe(3);
    },
  );

  it('never lets a failure overwrite a success, nor a success be applied under another receipt twice', async () => {
    const { t, daraja } = shop;
    const { who, started, push } = await pushed();
    await daraja.state.answer(push.checkoutRequestId, 0);
    const paid = await paymentRow(t.db, started.paymentId);
    // A late failure callback for the same request.
    await daraja.state.post(
      push.callbackUrl,
      JSON.stringify(daraja.state.callbackBody(push, 1037)),
    );
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'paid' });
    expect(await paymentRow(t.db, started.paymentId)).toEqual(paid);
  });

  it.each([
    ['not JSON', 'text/plain', 'hello'],
    ['JSON that is not a callback', 'application/json', '{"Body":{}}'],
    ['no Body', 'application/json', '{"stkCallback":{}}'],
    ['an empty body', 'application/json', ''],
    ['ResultCode as a string', 'application/json', null],
    ['a success without metadata', 'application/json', 'no-metadata'],
    ['broken JSON', 'application/json', '{"Body":'],
    ['form data', 'application/x-www-form-urlencoded', 'Body=1'],
  ])('records %s and answers without a 5xx, settling nothing', async (_what, type, raw) => {
    const { t, daraja } = shop;
    const { who, started, push } = await pushed();
    const body =
      raw === null
        ? JSON.stringify({
            Body: {
              stkCallback: {
                MerchantRequestID: push.merchantRequestId,
                CheckoutRequestID: push.checkoutRequestId,
                ResultCode: '0',
                ResultDesc: 'ok',
              },
            },
          })
        : raw === 'no-metadata'
          ? JSON.stringify(daraja.state.callbackBody(push, 0, { withoutMetadata: true }))
          : raw;
    const answer = await daraja.state.post(push.callbackUrl, body, type);
    expect(answer).toEqual({ status: 200, body: ACCEPTED });
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'pending' });
    const payment = await paymentRow(t.db, started.paymentId);
    const [event] = (await eventsOf(t.db, payment.id)).filter((e) => e.kind === 'callback');
    expect(event).toMatchObject({ body, note: expect.stringMatching(/^rejected: malformed/) });
  });

  it('applies a callback that overtakes the answer to the push', async () => {
    const { t, daraja } = shop;
    const { who } = await readyToPay(t.app, t.db);
    const before = daraja.state.pushes.length;
    daraja.state.pushDelayMs = 500;
    try {
      const starting = startedMpesa(t.app, who);
      // The phone rings and is answered while Daraja has not yet answered the shop.
      while (daraja.state.pushes.length === before) await new Promise((r) => setTimeout(r, 10));
      const push = daraja.state.lastPush();
      const [delivery] = await daraja.state.answer(push.checkoutRequestId, 0);
      expect(delivery).toEqual({ status: 200, body: ACCEPTED });
      const started = await starting;
      expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
        status: 'paid',
        receipt: push.result!.receipt,
      });
      expect(await paymentRow(t.db, started.paymentId)).toMatchObject({
        checkoutRequestId: push.checkoutRequestId,
        nextQueryAt: null, // nothing left to ask about
      });
    } finally {
      daraja.state.pushDelayMs = 0;
    }
  });
});

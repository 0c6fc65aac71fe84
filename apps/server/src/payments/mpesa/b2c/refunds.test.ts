// M-Pesa refunds by Daraja B2C (decision record 029), against the Daraja stand-in: money goes back
// to the phone that paid, all or part, keyed by the refund's request key; its result is applied
// once; a failure is tried again by a person under a new key; a lost result is found by the
// transaction status query; forged, replayed and unknown results change nothing and are kept; two
// refunds racing for the last shilling (on two instances): one wins, one B2C payment is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { admin, type LoggedIn } from '../../../../test/accounts.ts';
import { secondInstance } from '../../../../test/app.ts';
import {
  mpesaShop,
  readyToPay,
  startedMpesa,
  type MpesaShop,
} from '../../../../test/mpesa-fixture.ts';
import type { App } from '../../../app.ts';
import { orderLedger, paymentEvents, payments, refunds } from '../../schema.ts';
import { orders } from '../../../orders/schema.ts';
import { orderMoney } from '../../money.ts';

let shop: MpesaShop;
let boss: LoggedIn;

beforeAll(async () => {
  shop = await mpesaShop({
    MPESA_INITIATOR_NAME: 'duka-api',
    MPESA_SECURITY_CREDENTIAL: 'encrypted-initiator-password',
  });
  boss = await admin(shop.t.app, shop.t.db);
});
afterAll(async () => {
  await shop.close();
});

const state = () => shop.daraja.state;

/** An order of Ksh 2,378 paid by a push from 0712 345 678. */
async function paidOrder() {
  const { t } = shop;
  const { who } = await readyToPay(t.app, t.db);
  const started = await startedMpesa(t.app, who);
  await state().answer(state().lastPush().checkoutRequestId, 0);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, started.paymentId));
  return { orderId: started.order_id, payment: payment! };
}

const refund = (orderId: number, payload: object, app: App = shop.t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: boss.auth,
    payload,
  });

const refundRow = async (id: number) =>
  (await shop.t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;

const moneyOf = async (orderId: number) => {
  const [order] = await shop.t.db.select().from(orders).where(eq(orders.id, orderId));
  return orderMoney(shop.t.db, order!);
};

/** The B2C payments the stand-in took for this order. */
const b2cFor = (orderId: number) =>
  state().b2cPayments.filter((p) => p.body.Remarks === `Refund of Duka order ${orderId}`);

const post = (url: string, body: unknown) =>
  state().post(url, typeof body === 'string' ? body : JSON.stringify(body));

describe('an M-Pesa refund by B2C', () => {
  it('sends part of a payment to the phone that paid, and confirms it when the result comes', async () => {
    const { orderId, payment } = await paidOrder();
    const res = await refund(orderId, { amount: 50_000, reason: 'One pair came back' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ amount: 50_000, method: 'mpesa', kind: 'goods' });
    expect(['sent', 'confirmed']).toContain(res.json().status);
    await state().b2cSettled();

    const [sent] = b2cFor(orderId);
    const row = await refundRow(res.json().id);
    expect(sent!.body).toMatchObject({
      OriginatorConversationID: row.requestKey,
      CommandID: 'BusinessPayment',
      Amount: 500,
      PartyA: '174379',
      PartyB: '254712345678',
      InitiatorName: 'duka-api',
    });
    expect(row).toMatchObject({
      status: 'confirmed',
      reference: sent!.result.receipt,
      phone: '254712345678',
    });
    expect(await moneyOf(orderId)).toMatchObject({
      paid: 237_800,
      refunded: 50_000,
      state: 'partially_refunded',
    });
    const ledger = await shop.t.db
      .select()
      .from(orderLedger)
      .where(and(eq(orderLedger.orderId, orderId), eq(orderLedger.kind, 'refunded')));
    expect(ledger).toEqual([
      expect.objectContaining({ amountCents: 50_000, method: 'mpesa', refundId: row.id }),
    ]);
    // The result is kept beside the payment, with what it did.
    const kept = await shop.t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.kind, 'b2c-result')));
    expect(kept.map((e) => e.note)).toEqual([
      `refund ${row.id} confirmed: ${sent!.result.receipt}`,
    ]);
  });

  it('asks in whole shillings: cents are refused before anything is sent', async () => {
    const { orderId } = await paidOrder();
    const res = await refund(orderId, { amount: 50_050, reason: 'Cents' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'MPESA_WHOLE_SHILLINGS',
      error: expect.stringContaining('Ksh 500 or Ksh 501'),
    });
    expect(b2cFor(orderId)).toHaveLength(0);
    expect((await moneyOf(orderId)).refunded).toBe(0);
  });

  it("fails with M-Pesa's words, gives the money back, and is tried again under a new key", async () => {
    const { orderId, payment } = await paidOrder();
    state().nextB2c({ resultCode: 2001 });
    const res = await refund(orderId, { amount: 237_800, reason: 'Cancelled' });
    expect(res.statusCode, res.body).toBe(202);
    await state().b2cSettled();
    const failed = await refundRow(res.json().id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure: 'The initiator information is invalid. (ResultCode 2001)',
    });
    const [kept] = await shop.t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept!.refundedCents).toBe(0);

    const retried = await shop.t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${failed.id}/retry`,
      headers: boss.auth,
    });
    expect(retried.statusCode, retried.body).toBe(202);
    await state().b2cSettled();
    const again = await refundRow(failed.id);
    expect(again).toMatchObject({ status: 'confirmed', attempt: 2, failure: null });
    const sent = b2cFor(orderId);
    expect(sent.map((p) => p.originatorConversationId)).toEqual([
      failed.requestKey,
      again.requestKey,
    ]);
    expect(again.requestKey).not.toBe(failed.requestKey);
    expect(again.reference).toBe(sent[1]!.result.receipt);
    expect((await moneyOf(orderId)).state).toBe('refunded');
  });

  it('whose result is lost stays sent, and the status query confirms it (one payment sent)', async () => {
    const { orderId } = await paidOrder();
    state().nextB2c({ times: 0 });
    const res = await refund(orderId, { amount: 100_000, reason: 'Lost result' });
    await state().b2cSettled();
    const waiting = await refundRow(res.json().id);
    expect(waiting.status).toBe('sent');
    // A second refund of the payment waits for this one.
    const meanwhile = await refund(orderId, { amount: 10_000, reason: 'Meanwhile' });
    expect(meanwhile.json().code).toBe('REFUND_IN_PROGRESS');

    await shop.t.app.queryRefunds(new Date(Date.now() + 5 * 60_000));
    await state().b2cSettled();
    expect(state().statusQueries.at(-1)).toMatchObject({
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: waiting.requestKey,
      ResultURL: expect.stringMatching(/\/api\/mpesa\/b2c\/status\/[\w-]{32}$/),
    });
    const [sent] = b2cFor(orderId);
    expect(await refundRow(waiting.id)).toMatchObject({
      status: 'confirmed',
      reference: sent!.result.receipt,
    });
    expect(b2cFor(orderId)).toHaveLength(1);
  });

  it('that is slow is sent once and confirmed when its result comes', async () => {
    const { orderId } = await paidOrder();
    state().nextB2c({ delayMs: 300 });
    const res = await refund(orderId, { amount: 20_000, reason: 'Slow' });
    expect(res.json().status).toBe('sent');
    await state().b2cSettled();
    expect((await refundRow(res.json().id)).status).toBe('confirmed');
    expect(b2cFor(orderId)).toHaveLength(1);
  });

  it("that timed out in Daraja's queue is asked about, and fails with the status's words", async () => {
    const { orderId } = await paidOrder();
    state().nextB2c({ queueTimeout: true });
    const res = await refund(orderId, { amount: 20_000, reason: 'Queue' });
    await state().b2cSettled();
    const waiting = await refundRow(res.json().id);
    expect(waiting.status).toBe('sent');
    const timeouts = await shop.t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.kind, 'b2c-timeout'));
    expect(timeouts.at(-1)!.note).toBe(
      `refund ${waiting.id}: timed out in Daraja's queue; its status is asked`,
    );

    await shop.t.app.queryRefunds(new Date(Date.now() + 5 * 60_000));
    await state().b2cSettled();
    expect(await refundRow(waiting.id)).toMatchObject({
      status: 'failed',
      failure: 'Failed: The request timed out in the queue.',
    });
  });

  it('is applied once: forged, replayed and unknown results change nothing and are kept', async () => {
    const { orderId } = await paidOrder();
    const res = await refund(orderId, { amount: 30_000, reason: 'Forged' });
    await state().b2cSettled();
    const [sent] = b2cFor(orderId);
    const resultUrl = String(sent!.body.ResultURL);
    const success = state().b2cResultBody(sent!);
    const failure = { Result: { ...(success as { Result: object }).Result, ResultCode: 2001 } };
    const confirmed = await refundRow(res.json().id);
    expect(confirmed.status).toBe('confirmed');

    const base = resultUrl.slice(0, resultUrl.lastIndexOf('/'));
    const answers = [
      await post(base, failure), // no secret
      await post(`${base}/not-the-secret`, failure), // a wrong one
      await post(resultUrl, success), // replayed
      await post(resultUrl, failure), // a failure after the success
      await post(resultUrl, {
        Result: { ResultType: 0, ResultCode: 0, ResultDesc: 'x', OriginatorConversationID: 'nope' },
      }),
      await post(resultUrl, 'not json at all'),
    ];
    for (const answer of answers) {
      expect(answer).toEqual({ status: 200, body: '{"ResultCode":0,"ResultDesc":"Accepted"}' });
    }
    expect(await refundRow(confirmed.id)).toMatchObject({
      status: 'confirmed',
      reference: confirmed.reference,
    });
    const ledger = await shop.t.db
      .select()
      .from(orderLedger)
      .where(eq(orderLedger.refundId, confirmed.id));
    expect(ledger).toHaveLength(1);
    const notes = (
      await shop.t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.kind, 'b2c-result'))
        .orderBy(paymentEvents.id)
    )
      .slice(-6)
      .map((e) => [e.paymentId === null ? 'none' : 'payment', e.note]);
    expect(notes).toEqual([
      ['payment', 'rejected: no secret'],
      ['payment', 'rejected: a secret that is not ours'],
      ['payment', `refund ${confirmed.id}: confirmed already`],
      ['payment', `refund ${confirmed.id}: settled already, unchanged`],
      ['none', 'rejected: no refund of ours is nope'],
      ['none', expect.stringMatching(/^rejected: malformed/)],
    ]);
  });

  it('in flight is not confirmed by a forged success without the secret', async () => {
    const { orderId } = await paidOrder();
    state().nextB2c({ times: 0 });
    const res = await refund(orderId, { amount: 30_000, reason: 'In flight' });
    await state().b2cSettled();
    const [sent] = b2cFor(orderId);
    const resultUrl = String(sent!.body.ResultURL);
    await post(resultUrl.slice(0, resultUrl.lastIndexOf('/')), state().b2cResultBody(sent!));
    expect((await refundRow(res.json().id)).status).toBe('sent');
    // The real result, late, confirms it.
    await post(resultUrl, state().b2cResultBody(sent!));
    expect((await refundRow(res.json().id)).status).toBe('confirmed');
  });

  it('racing another for the last shilling on a second instance: one wins, one B2C payment', async () => {
    const { orderId, payment } = await paidOrder();
    const other = await secondInstance(shop.t);
    try {
      const answers = await Promise.all([
        refund(orderId, { amount: 237_800, reason: 'First' }),
        refund(orderId, { amount: 237_800, reason: 'Second' }, other),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
      await state().b2cSettled();
      expect(b2cFor(orderId)).toHaveLength(1);
      const [after] = await shop.t.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(after!.refundedCents).toBe(237_800);
      expect((await moneyOf(orderId)).state).toBe('refunded');
    } finally {
      await other.close();
    }
  });
});

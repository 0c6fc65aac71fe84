// The built-in M-Pesa sandbox (no Daraja credentials): the shop stands in for Daraja, and its
// simulated phone answers through the same callback code path Daraja's callbacks take.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MPESA_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { stockOf } from '../../../../test/checkout-fixture.ts';
import {
  eventsOf,
  orderRow,
  paymentRow,
  readyToPay,
  startedMpesa,
  statusOf,
} from '../../../../test/mpesa-fixture.ts';
import { SANDBOX_PROMPT_SECONDS } from './daraja.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const phone = (url: string) => t.app.inject({ method: 'GET', url });
const answer = (url: string, what: string) =>
  t.app.inject({
    method: 'POST',
    url: `${url}/${what}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('the built-in M-Pesa sandbox', () => {
  it("rings a simulated phone whose 'Enter PIN' pays the order through the callback path", async () => {
    const { who, productId } = await readyToPay(t.app, t.db, 5, 2);
    const started = await startedMpesa(t.app, who);
    expect(started.sandbox_phone_url).toBe(`/mpesa-sandbox/${started.paymentId}`);
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
      status: 'pending',
      sandbox_phone_url: started.sandbox_phone_url,
    });

    const page = await phone(started.sandbox_phone_url!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Ksh 2,378');
    expect(page.body).toContain('>Enter PIN<');
    expect(page.body).toContain('>Cancel<');
    expect(page.body).toContain('2547•••••678');

    const pin = await answer(started.sandbox_phone_url!, 'pin');
    expect(pin.statusCode).toBe(303);
    expect(pin.headers.location).toBe(started.sandbox_phone_url);
    const status = await statusOf(t.app, who, started.paymentId);
    expect(status).toMatchObject({ status: 'paid', receipt: expect.stringMatching(/^SBX\w{7}$/) });
    expect((await orderRow(t.db, started.order_id)).status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(3);
    const payment = await paymentRow(t.db, started.paymentId);
    expect(payment.provider).toBe('mpesa-sandbox');
    const callbacks = (await eventsOf(t.db, payment.id)).filter((e) => e.kind === 'callback');
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.note).toBe('applied: order paid');
    expect(JSON.parse(callbacks[0]!.body).Body.stkCallback.ResultCode).toBe(0);

    // Pressing it again (a second tab) changes nothing.
    await answer(started.sandbox_phone_url!, 'pin');
    expect(await statusOf(t.app, who, started.paymentId)).toEqual(status);
    expect((await phone(started.sandbox_phone_url!)).body).toContain(`Receipt ${status.receipt}`);
  });

  it("'Cancel' sends a 1032 callback: the shopper reads why, and can try again", async () => {
    const { who, productId } = await readyToPay(t.app, t.db, 5, 1);
    const started = await startedMpesa(t.app, who);
    await answer(started.sandbox_phone_url!, 'cancel');
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
      status: 'failed',
      message: MPESA_MESSAGES.cancelled,
    });
    expect(await stockOf(t.db, productId)).toBe(4); // held for the same order's next try
    const page = await phone(started.sandbox_phone_url!);
    expect(page.body).toContain(MPESA_MESSAGES.cancelled);
    expect(page.body).not.toContain('>Enter PIN<');

    const again = await startedMpesa(t.app, who, '0712 345 678', started.order_id);
    expect(again.order_id).toBe(started.order_id);
    await answer(again.sandbox_phone_url!, 'pin');
    expect(await statusOf(t.app, who, again.paymentId)).toMatchObject({ status: 'paid' });
  });

  it('keeps the callback secret out of what the shopper and the admin can see', async () => {
    const { who } = await readyToPay(t.app, t.db);
    const started = await startedMpesa(t.app, who);
    const payment = await paymentRow(t.db, started.paymentId);
    const events = (await eventsOf(t.db, payment.id)).map((e) => e.body).join('\n');
    expect(events).toContain('/api/mpesa/callback/•••');
    // The CheckoutRequestID is sealed: nothing in it reads as the callback path.
    expect(Buffer.from(payment.checkoutRequestId!.slice(10), 'base64url').toString()).not.toContain(
      'callback',
    );
    expect((await phone(started.sandbox_phone_url!)).body).not.toContain('callback');
  });

  it('times a prompt out like Daraja when nobody answers it', async () => {
    const { who, productId } = await readyToPay(t.app, t.db);
    const started = await startedMpesa(t.app, who);
    await t.app.reconcilePayments(new Date(Date.now() + 60_000));
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({ status: 'pending' });
    const late = new Date(Date.now() + (SANDBOX_PROMPT_SECONDS + 60) * 1000);
    await t.app.reconcilePayments(late);
    expect(await statusOf(t.app, who, started.paymentId)).toMatchObject({
      status: 'failed',
      message: MPESA_MESSAGES.unreachable,
    });
    // The order waits for another try, its stock held (decision record 018).
    expect(await stockOf(t.db, productId)).toBe(3);
  });

  it('answers 404 for a phone page nobody was sent to', async () => {
    expect((await phone('/mpesa-sandbox/MP-nobody')).statusCode).toBe(404);
    const res = await answer('/mpesa-sandbox/MP-nobody', 'pin');
    expect(res.statusCode).toBe(303);
  });
});

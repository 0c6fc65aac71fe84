// The built-in M-Pesa sandbox pays refunds too (no Daraja credentials): a B2C request is taken and
// its result, a moment later, goes through the same code Daraja's results take; asking its status
// meanwhile answers the same payment, and the refund is confirmed once. Erasing the payer's
// account leaves no copy of the phone the money went back to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { admin, PASSWORD, type LoggedIn } from '../../../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { readyToPay, startedMpesa } from '../../../../test/mpesa-fixture.ts';
import { whereStored } from '../../../../test/scan.ts';
import { orderLedger, paymentEvents, payments, refunds } from '../../schema.ts';

let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

/** An order of Ksh 2,378 paid with Ksh 3,000 from the sandbox's M-Pesa menu. */
async function overpaidFromTheMenu() {
  const { who } = await readyToPay(t.app, t.db, 5, 2);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment',
    headers: who.auth,
    payload: { method: 'mpesa_paybill' },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { order_id: orderId, paymentId } = started.json() as {
    order_id: number;
    paymentId: string;
  };
  const paid = await t.app.inject({
    method: 'POST',
    url: `/mpesa-sandbox/menu/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `account=${orderId}&amount=3000`,
  });
  expect(paid.statusCode).toBe(303);
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  expect(payment).toMatchObject({ refundDue: true, overpaidCents: 62_200 });
  return { orderId, payment: payment! };
}

/** Waits for the sandbox's result (it comes after a moment, like a real one). */
async function settled(refundId: number) {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (row!.status !== 'sent' && row!.status !== 'requested') return row!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`refund ${refundId} was not settled`);
}

describe("the sandbox's B2C", () => {
  it('gives an overpayment back to the phone that paid, confirmed by its result', async () => {
    const { payment } = await overpaidFromTheMenu();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: boss.auth,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'sent', method: 'mpesa', amount: 62_200 });
    const refund = await settled(res.json().id);
    expect(refund).toMatchObject({
      status: 'confirmed',
      phone: '254700000000',
      reference: expect.stringMatching(/^SBR[A-Z0-9]{7}$/),
    });
    const [kept] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.kind, 'b2c-result')));
    expect(kept!.note).toBe(`refund ${refund.id} confirmed: ${refund.reference}`);
  });

  it('answers a status query with the same payment: confirmed once', async () => {
    const { payment, orderId } = await overpaidFromTheMenu();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: boss.auth,
      payload: {},
    });
    // Asked before its result came (as after a restart that lost it).
    await t.app.queryRefunds(new Date(Date.now() + 5 * 60_000));
    const refund = await settled(res.json().id);
    expect(refund.status).toBe('confirmed');
    // Both the result and the status's answer come; the second finds it confirmed already.
    for (let i = 0; i < 100; i++) {
      const notes = await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, payment.id));
      if (notes.filter((e) => e.kind.startsWith('b2c-')).length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const notes = (
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))
    )
      .filter((e) => e.kind === 'b2c-result' || e.kind === 'b2c-status')
      .map((e) => e.note);
    expect(notes.sort()).toEqual(
      [
        `refund ${refund.id} confirmed: ${refund.reference}`,
        `refund ${refund.id}: confirmed already`,
      ].sort(),
    );
    const ledger = await t.db
      .select()
      .from(orderLedger)
      .where(and(eq(orderLedger.orderId, orderId), eq(orderLedger.kind, 'refunded')));
    expect(ledger).toHaveLength(1);
  });

  it("leaves no copy of the payer's phone once the account is erased", async () => {
    const { who } = await readyToPay(t.app, t.db, 5, 2);
    const started = await startedMpesa(t.app, who, '0722 555 101');
    const pin = await t.app.inject({
      method: 'POST',
      url: `${started.sandbox_phone_url}/pin`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pin.statusCode).toBe(303);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${started.order_id}/refunds`,
      headers: boss.auth,
      payload: { amount: 10_000, reason: 'One came back' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await settled(res.json().id)).status).toBe('confirmed');
    expect(await whereStored(t.db, '722555101')).toEqual(
      expect.arrayContaining(['refunds.phone', 'payment_events.body']),
    );

    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: who.auth,
      payload: { currentPassword: PASSWORD },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await whereStored(t.db, '722555101')).toEqual([]);
  });
});

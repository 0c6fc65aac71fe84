// Paybill and Till against the Daraja stand-in: the URLs registered at start-up, payments from
// the M-Pesa menu matched to orders (exact, in parts, too much, unknown), validation, Till codes,
// unmatched payments assigned by the admin, the M-PESA statement, and the same confirmation at two
// instances at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, type LoggedIn } from '../../../../test/accounts.ts';
import { secondInstance } from '../../../../test/app.ts';
import { stockOf } from '../../../../test/checkout-fixture.ts';
import {
  mpesaShop,
  orderRow,
  readyToPay,
  startedMpesa,
  statusOf,
  type MpesaShop,
} from '../../../../test/mpesa-fixture.ts';
import { DARAJA_CREDENTIALS } from '../../../../test/stand-ins/daraja.ts';
import type { App } from '../../../app.ts';
import { mpesaC2b, paymentEvents, payments } from '../../schema.ts';
import { orders } from '../../../orders/schema.ts';

let shop: MpesaShop;
let till: MpesaShop;
let boss: LoggedIn;

beforeAll(async () => {
  // Jobs on: the URLs are registered at start-up, as in production.
  shop = await mpesaShop({ BACKGROUND_JOBS: 'true' });
  till = await mpesaShop({ MPESA_C2B_KIND: 'till', MPESA_C2B_SHORTCODE: '600111' });
  await till.t.app.registerPaymentProviders();
  boss = await admin(shop.t.app, shop.t.db);
});
afterAll(async () => {
  await shop.close();
  await till.close();
});

/** An order of Ksh 2,378 (2 × 1,000 + 50 delivery + VAT) paid from the menu: its Paybill payment. */
async function paybillOrder(s: MpesaShop = shop) {
  const { who, productId } = await readyToPay(s.t.app, s.t.db, 5, 2);
  const res = await s.t.app.inject({
    method: 'POST',
    url: '/api/create-payment',
    headers: who.auth,
    payload: { method: 'mpesa_paybill' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return { who, productId, started: res.json() as PaybillStarted };
}

interface PaybillStarted {
  order_id: number;
  paymentId: string;
  status: 'pending';
  paybill: { kind: string; business_number: string; account_number: string; amount: number };
}

const paymentOf = async (s: MpesaShop, orderId: number) =>
  (
    await s.t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id)
  ).at(-1)!;

const c2bRow = async (s: MpesaShop, transId: string) =>
  (await s.t.db.select().from(mpesaC2b).where(eq(mpesaC2b.transId, transId)))[0];

describe('registering the URLs', () => {
  it('registers v2 URLs under PUBLIC_URL with a secret at start-up, and again on the admin’s word', async () => {
    for (let i = 0; i < 100 && shop.daraja.state.registrations.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const [registered] = shop.daraja.state.registrations;
    expect(registered).toMatchObject({
      ShortCode: DARAJA_CREDENTIALS.shortcode,
      ResponseType: 'Completed',
      ConfirmationURL: expect.stringMatching(
        new RegExp(`^${shop.publicUrl}/api/mpesa/c2b/confirmation/[\\w-]{32}$`),
      ),
      ValidationURL: expect.stringMatching(
        new RegExp(`^${shop.publicUrl}/api/mpesa/c2b/validation/[\\w-]{32}$`),
      ),
    });
    const status = await shop.t.app.inject({
      url: '/api/admin/mpesa/registration',
      headers: boss.auth,
    });
    expect(status.json()).toMatchObject({ status: 'registered', registeredAt: expect.any(String) });
    // The record of the call never shows the secret.
    const recorded = await shop.t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.kind, 'register-urls'));
    const secret = registered!.ConfirmationURL.split('/').pop()!;
    expect(JSON.stringify(recorded)).not.toContain(secret);

    // Daraja refuses: it is kept for the admin, with a retry within 30 seconds.
    shop.daraja.state.refuseNextRegistration();
    const refused = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/mpesa/registration',
      headers: boss.auth,
    });
    expect(refused.json()).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('Invalid ShortCode'),
    });
    const retryIn = Date.parse(refused.json().nextAttemptAt) - Date.now();
    expect(retryIn).toBeGreaterThan(0);
    expect(retryIn).toBeLessThanOrEqual(30_000);
    const again = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/mpesa/registration',
      headers: boss.auth,
    });
    expect(again.json().status).toBe('registered');
  });
});

describe('a Paybill payment', () => {
  it('for the exact total pays the order with its receipt, once however often it is confirmed', async () => {
    const { who, productId, started } = await paybillOrder();
    expect(started.paybill).toEqual({
      kind: 'paybill',
      business_number: DARAJA_CREDENTIALS.shortcode,
      account_number: String(started.order_id),
      amount: 2378,
    });
    const paid = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: ` ${started.order_id} `,
      times: 3,
    });
    for (const delivery of paid.confirmations) {
      expect(JSON.parse(delivery.body)).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    expect((await orderRow(shop.t.db, started.order_id)).status).toBe('paid');
    expect(await statusOf(shop.t.app, who, started.paymentId)).toMatchObject({
      status: 'paid',
      method: 'mpesa_paybill',
      receipt: paid.transId,
      received: 237_800,
    });
    expect(await stockOf(shop.t.db, productId)).toBe(3);
    const notes = (
      await shop.t.db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'c2b-confirmation'))
    )
      .filter((e) => e.body.includes(paid.transId))
      .map((e) => e.note);
    expect(notes).toEqual([
      `applied: order ${started.order_id} paid`,
      `duplicate: receipt ${paid.transId} already received`,
      `duplicate: receipt ${paid.transId} already received`,
    ]);
  });

  it('in two parts adds up: partly paid with the balance, then paid', async () => {
    const { who, started } = await paybillOrder();
    await shop.daraja.state.payIn({ amount: 1000, billRef: `duka${started.order_id}` });
    const part = await statusOf(shop.t.app, who, started.paymentId);
    expect(part).toMatchObject({ status: 'pending', received: 100_000 });
    expect(part.paybill).toMatchObject({ amount: 1378 });
    expect((await orderRow(shop.t.db, started.order_id)).status).toBe('pending_payment');
    await shop.daraja.state.payIn({ amount: '1378.00', billRef: String(started.order_id) });
    expect((await orderRow(shop.t.db, started.order_id)).status).toBe('paid');
    expect(await statusOf(shop.t.app, who, started.paymentId)).toMatchObject({
      status: 'paid',
      received: 237_800,
    });
  });

  it('for more than the total pays the order and flags the rest to be given back', async () => {
    const { who, started } = await paybillOrder();
    await shop.daraja.state.payIn({ amount: 2500, billRef: String(started.order_id) });
    expect((await orderRow(shop.t.db, started.order_id)).status).toBe('paid');
    expect(await statusOf(shop.t.app, who, started.paymentId)).toMatchObject({
      status: 'paid',
      overpaid: 12_200,
    });
    const payment = await paymentOf(shop, started.order_id);
    expect(payment).toMatchObject({ refundDue: true, overpaidCents: 12_200 });
  });

  it('naming no order, or an order no longer awaiting payment, is kept unmatched for the admin', async () => {
    const unknown = await shop.daraja.state.payIn({ amount: 500, billRef: 'MY SHOP' });
    const { started } = await paybillOrder();
    await shop.t.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, started.order_id));
    const late = await shop.daraja.state.payIn({ amount: 2378, billRef: String(started.order_id) });
    const list = await shop.t.app.inject({
      url: '/api/admin/mpesa/unmatched?limit=100',
      headers: boss.auth,
    });
    expect(list.statusCode).toBe(200);
    const ids = list.json().payments.map((p: { trans_id: string }) => p.trans_id);
    expect(ids).toEqual(expect.arrayContaining([unknown.transId, late.transId]));
    expect(
      list.json().payments.find((p: { trans_id: string }) => p.trans_id === unknown.transId),
    ).toMatchObject({
      amount: 50_000,
      bill_ref: 'MY SHOP',
      name: 'John Doe',
      source: 'confirmation',
    });

    // The admin assigns it to an order awaiting payment: the same rules apply.
    const { started: other } = await paybillOrder();
    const assign = (transId: string, orderId: number) =>
      shop.t.app.inject({
        method: 'POST',
        url: `/api/admin/mpesa/unmatched/${transId}/assign`,
        headers: boss.auth,
        payload: { order_id: orderId },
      });
    expect((await assign(late.transId, started.order_id)).statusCode).toBe(422);
    const assigned = await assign(late.transId, other.order_id);
    expect(assigned.json()).toEqual({ order_id: other.order_id, status: 'paid' });
    expect((await orderRow(shop.t.db, other.order_id)).status).toBe('paid');
    expect((await assign(late.transId, other.order_id)).statusCode).toBe(404); // matched now
    const shopper = await readyToPay(shop.t.app, shop.t.db);
    expect(
      (
        await shop.t.app.inject({
          url: '/api/admin/mpesa/unmatched',
          headers: shopper.who.auth,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('without the secret, or unreadable, changes nothing and is answered all the same', async () => {
    const { started } = await paybillOrder();
    const base = `${shop.publicUrl}/api/mpesa/c2b`;
    const withoutSecret = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: String(started.order_id),
      urls: { confirmation: `${base}/confirmation` },
    });
    const wrongSecret = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: String(started.order_id),
      urls: { confirmation: `${base}/confirmation/not-the-secret` },
    });
    const confirmationUrl = shop.daraja.state.registrations.at(-1)!.ConfirmationURL;
    const bodies = [
      'not json',
      JSON.stringify({ TransAmount: '2378.00', BillRefNumber: String(started.order_id) }),
      JSON.stringify({
        ...shop.daraja.state.paidInBody({ amount: '-5.00', transId: 'QK1NEGATIV' }),
      }),
      JSON.stringify({
        ...shop.daraja.state.paidInBody({ amount: 'lots', transId: 'QK1NOTNUMB' }),
      }),
      JSON.stringify({
        ...shop.daraja.state.paidInBody({ amount: 2378, transId: 'QK1LONGREF' }),
        BillRefNumber: 'x'.repeat(2000),
      }),
      JSON.stringify({
        ...shop.daraja.state.paidInBody({ amount: 2378, transId: 'QK1CONTROL' }),
        BillRefNumber: `${started.order_id}\u0000`,
      }),
    ];
    for (const body of bodies) {
      const answer = await shop.daraja.state.post(confirmationUrl, body);
      expect(answer.status).toBe(200);
    }
    for (const delivery of [...withoutSecret.confirmations, ...wrongSecret.confirmations]) {
      expect(delivery.status).toBe(200);
    }
    expect((await orderRow(shop.t.db, started.order_id)).status).toBe('pending_payment');
    for (const transId of [withoutSecret.transId, 'QK1NEGATIV', 'QK1LONGREF', 'QK1CONTROL']) {
      expect(await c2bRow(shop, transId)).toBeUndefined();
    }
    const rejected = (
      await shop.t.db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'c2b-confirmation'))
    ).filter((e) => e.note?.startsWith('rejected'));
    expect(rejected.length).toBeGreaterThanOrEqual(8);
  });

  it('is validated when Safaricom asks: an order awaiting payment is accepted, anything else rejected', async () => {
    const { started } = await paybillOrder();
    const answers = async (billRef: string, amount: number | string = 2378) => {
      const paid = await shop.daraja.state.payIn({ amount, billRef, validate: true, times: 0 });
      return JSON.parse(paid.validation!.body) as { ResultCode: string };
    };
    expect(await answers(String(started.order_id))).toEqual({
      ResultCode: '0',
      ResultDesc: 'Accepted',
    });
    expect((await answers('99999999')).ResultCode).toBe('C2B00012');
    expect((await answers('NOT AN ORDER')).ResultCode).toBe('C2B00012');
    expect((await answers(String(started.order_id), 'x')).ResultCode).toBe('C2B00013');
    const noSecret = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: String(started.order_id),
      validate: true,
      times: 0,
      urls: { validation: `${shop.publicUrl}/api/mpesa/c2b/validation` },
    });
    expect(JSON.parse(noSecret.validation!.body).ResultCode).toBe('C2B00016');
  });

  it('at two instances at the same moment pays once', async () => {
    const other: App = await secondInstance(shop.t);
    try {
      const { started } = await paybillOrder();
      const transId = 'QK2RACE0001';
      const body = JSON.stringify(
        shop.daraja.state.paidInBody({ amount: 2378, billRef: String(started.order_id), transId }),
      );
      const url = new URL(shop.daraja.state.registrations.at(-1)!.ConfirmationURL).pathname;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? other : shop.t.app).inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: body,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect((await orderRow(shop.t.db, started.order_id)).status).toBe('paid');
      const payment = await paymentOf(shop, started.order_id);
      expect(payment).toMatchObject({
        status: 'captured',
        receivedCents: 237_800,
        refundDue: false,
      });
    } finally {
      await other.close();
    }
  });
});

describe('after a failed prompt', () => {
  it('the same order stays payable: Paybill pays it, and order history shows one order', async () => {
    const { who, productId } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
    const pushed = await startedMpesa(shop.t.app, who);
    await shop.daraja.state.answer(shop.daraja.state.lastPush().checkoutRequestId, 1032);
    expect(await statusOf(shop.t.app, who, pushed.paymentId)).toMatchObject({
      status: 'failed',
      message: 'You cancelled the M-Pesa request.',
    });
    expect((await orderRow(shop.t.db, pushed.order_id)).status).toBe('pending_payment');
    expect(await stockOf(shop.t.db, productId)).toBe(3); // still held for this order

    const paybill = await shop.t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: who.auth,
      payload: { method: 'mpesa_paybill', order_id: pushed.order_id },
    });
    expect(paybill.statusCode, paybill.body).toBe(202);
    expect(paybill.json()).toMatchObject({
      order_id: pushed.order_id,
      paybill: { account_number: String(pushed.order_id), amount: 2378 },
    });
    await shop.daraja.state.payIn({ amount: 2378, billRef: String(pushed.order_id) });
    const history = await shop.t.app.inject({ url: '/api/order', headers: who.auth });
    expect(history.json().orders.map((o: { id: number }) => o.id)).toEqual([pushed.order_id]);
    expect((await orderRow(shop.t.db, pushed.order_id)).status).toBe('paid');
    expect(await stockOf(shop.t.db, productId)).toBe(3);

    // Someone else's order cannot be paid this way.
    const stranger = await readyToPay(shop.t.app, shop.t.db);
    const theirs = await shop.t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: stranger.who.auth,
      payload: { method: 'mpesa_paybill', order_id: pushed.order_id },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('a Till payment', () => {
  const code = (s: MpesaShop, who: LoggedIn, paymentId: string, value: string) =>
    s.t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/mpesa-code`,
      headers: who.auth,
      payload: { code: value },
    });

  it('is matched by the code the shopper types, before or after its confirmation', async () => {
    const { who, started } = await paybillOrder(till);
    expect(started.paybill).toMatchObject({ kind: 'till', business_number: '600111' });
    // The confirmation first: kept unmatched (no account number), then claimed by its code.
    // Paid from the shopper's own phone (the account's 0712 345 678), masked as Safaricom does.
    const first = await till.daraja.state.payIn({
      amount: 2378,
      till: true,
      msisdn: '2547******678',
    });
    expect((await c2bRow(till, first.transId))?.paymentId).toBeNull();
    expect((await code(till, who, started.paymentId, 'abc')).statusCode).toBe(400);
    const claimed = await code(till, who, started.paymentId, first.transId.toLowerCase());
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'paid', receipt: first.transId });

    // The code first: remembered (202), matched when the confirmation comes.
    const second = await paybillOrder(till);
    const early = await code(till, second.who, second.started.paymentId, 'QK3EARLY01');
    expect(early.statusCode).toBe(202);
    expect((await orderRow(till.t.db, second.started.order_id)).status).toBe('pending_payment');
    await till.daraja.state.payIn({
      amount: 2378,
      till: true,
      transId: 'QK3EARLY01',
      msisdn: '254712345678',
    });
    expect((await orderRow(till.t.db, second.started.order_id)).status).toBe('paid');

    // A code that paid one order cannot pay another.
    const third = await paybillOrder(till);
    const reused = await code(till, third.who, third.started.paymentId, first.transId);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('This M-Pesa code has already paid another order.');
    expect((await orderRow(till.t.db, third.started.order_id)).status).toBe('pending_payment');
  });
});

describe('the M-PESA statement', () => {
  it('lists what matched, what the shop never heard of, what it lacks and what differs', async () => {
    const { started } = await paybillOrder();
    const known = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: String(started.order_id),
    });
    const { started: second } = await paybillOrder();
    const mismatched = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: String(second.order_id),
    });
    const { started: third } = await paybillOrder();
    const notOnStatement = await shop.daraja.state.payIn({
      amount: 2378,
      billRef: String(third.order_id),
    });
    const now = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const earlier = new Date(Date.now() - 3600_000 + 3 * 3600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    const csv = [
      'Organisation Name,DUKA LTD',
      'Time Period,"From 01-11-2026 To 30-11-2026"',
      '',
      '"Receipt No.","Completion Time","Initiation Time","Details","Transaction Status","Paid In","Withdrawn","Balance","Balance Confirmed","Reason Type","Other Party Info","Linked Transaction ID","A/C No.","Extra"',
      `${known.transId},${earlier},${earlier},"Pay Bill from 2547***149 - JOHN DOE",Completed,"2,378.00",,"10,000.00",true,Pay Bill,"2547***149 - JOHN DOE",,${started.order_id},x`,
      `${mismatched.transId},${earlier},${earlier},"Pay Bill",Completed,2300.00,,,true,Pay Bill,"MARY",,${second.order_id},`,
      `QK9UNKNOWN1,${now},${now},"Pay Bill, with a comma",Completed,750.00,,,true,Pay Bill,"PETER",,SHOP,`,
      `QK9CHARGE01,${now},${now},"Business charge",Completed,,30.00,,true,Charge,,,,`,
    ].join('\r\n');
    const upload = () =>
      shop.t.app.inject({
        method: 'POST',
        url: '/api/admin/mpesa/statement',
        headers: { ...boss.auth, 'content-type': 'text/csv' },
        payload: `\uFEFF${csv}`,
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json();
    expect(result).toMatchObject({
      matched: 1,
      lines: 3,
      skipped: 1,
      missing_in_shop: [{ receipt: 'QK9UNKNOWN1', amount: 75_000, account_no: 'SHOP' }],
      mismatched: [
        { receipt: mismatched.transId, statement_amount: 230_000, shop_amount: 237_800 },
      ],
    });
    const lacking = result.missing_in_statement.map((m: { receipt: string }) => m.receipt);
    expect(lacking).toContain(notOnStatement.transId);
    expect(lacking).not.toContain(known.transId);
    // The unknown receipt can now be assigned like any unmatched payment.
    expect(await c2bRow(shop, 'QK9UNKNOWN1')).toMatchObject({
      paymentId: null,
      source: 'statement',
    });
    // The same file again changes nothing.
    const again = await upload();
    expect(again.json()).toEqual(result);
    const bad = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/mpesa/statement',
      headers: { ...boss.auth, 'content-type': 'text/csv' },
      payload: 'just,some\ncsv,here',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 400, not 500, to a form that is not one', async () => {
    for (const payload of ['{"a":1}', '--x\r\nContent-Disposition: form-data; name="file"']) {
      const broken = await shop.t.app.inject({
        method: 'POST',
        url: '/api/admin/mpesa/statement',
        headers: { ...boss.auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      });
      expect(broken.statusCode, broken.body).toBe(400);
    }
  });
});

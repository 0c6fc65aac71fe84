// A Till payment's M-Pesa code pays only the order of the person who paid it (decision record 024):
// the code typed by someone else — before or after its confirmation — pays nothing and stays an
// unmatched payment, and so does one far from the order's balance or made before the order.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, shopper, type LoggedIn } from '../../../../test/accounts.ts';
import { fillCheckoutSteps, product, putInCart } from '../../../../test/checkout-fixture.ts';
import { mpesaShop, orderRow, type MpesaShop } from '../../../../test/mpesa-fixture.ts';
import { mpesaC2b } from '../../schema.ts';

let till: MpesaShop;

beforeAll(async () => {
  till = await mpesaShop({ MPESA_C2B_KIND: 'till', MPESA_C2B_SHORTCODE: '600111' });
  await till.t.app.registerPaymentProviders();
});
afterAll(() => till.close());

/**
 * A shopper (account phone `phone`) with an order awaiting a Till payment. A product of Ksh
 * `shillings` + Ksh 50 delivery + 16% VAT: 365 → Ksh 481, 300 → Ksh 406.
 */
async function tillOrder(phone: string, shillings: number) {
  const who = await shopper(till.t.app, { phone_number: phone });
  const productId = await product(till.t.db, { priceCents: shillings * 100, stock: 5 });
  await putInCart(till.t.db, who.id, productId, 1);
  await fillCheckoutSteps(till.t.app, who);
  const res = await till.t.app.inject({
    method: 'POST',
    url: '/api/create-payment',
    headers: who.auth,
    payload: { method: 'mpesa_paybill' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json() as {
    order_id: number;
    paymentId: string;
    paybill: { amount: number };
  };
  return {
    who,
    orderId: started.order_id,
    paymentId: started.paymentId,
    due: started.paybill.amount,
  };
}

const claim = (who: LoggedIn, paymentId: string, code: string) =>
  till.t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/mpesa-code`,
    headers: who.auth,
    payload: { code },
  });

const c2bRow = async (transId: string) =>
  (await till.t.db.select().from(mpesaC2b).where(eq(mpesaC2b.transId, transId)))[0]!;

const status = async (orderId: number) => (await orderRow(till.t.db, orderId)).status;

describe('a Till code typed by someone who did not pay it', () => {
  it('pays nothing when the confirmation is here: 422, and the payer can still claim it', async () => {
    const payer = await tillOrder('0712 345 678', 365);
    const thief = await tillOrder('0722 000 111', 300);
    expect(payer.due).toBe(481);
    // The payer's Ksh 481, from their phone, with no account number: unmatched until claimed.
    const paid = await till.daraja.state.payIn({ amount: 481, till: true, msisdn: '254712345678' });

    const stolen = await claim(thief.who, thief.paymentId, paid.transId);
    expect(stolen.statusCode, stolen.body).toBe(422);
    expect(stolen.json()).toMatchObject({
      code: 'MPESA_CODE_REFUSED',
      error: expect.stringContaining('not on your order or your account'),
    });
    expect(await status(thief.orderId)).toBe('pending_payment');
    const kept = await c2bRow(paid.transId);
    expect(kept.paymentId).toBeNull();
    // The admin sees it unmatched, and why.
    const boss = await admin(till.t.app, till.t.db);
    const listed = await till.t.app.inject({
      url: '/api/admin/mpesa/unmatched',
      headers: boss.auth,
    });
    expect(listed.json().payments).toContainEqual(
      expect.objectContaining({
        trans_id: paid.transId,
        note: `M-Pesa code typed for order ${thief.orderId}, not applied: paid from a phone that is not the order's or the account's`,
      }),
    );

    const own = await claim(payer.who, payer.paymentId, paid.transId);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ status: 'paid', receipt: paid.transId });
    expect(await status(payer.orderId)).toBe('paid');
  });

  it('pays nothing when typed before the confirmation comes, and the claim is let go', async () => {
    const payer = await tillOrder('0712 345 678', 365);
    const thief = await tillOrder('0722 000 111', 300);
    const early = await claim(thief.who, thief.paymentId, 'QK3STEAL01');
    expect(early.statusCode).toBe(202);

    await till.daraja.state.payIn({
      amount: 481,
      till: true,
      transId: 'QK3STEAL01',
      msisdn: createHash('sha256').update('254712345678').digest('hex'),
    });
    expect(await status(thief.orderId)).toBe('pending_payment');
    expect((await c2bRow('QK3STEAL01')).paymentId).toBeNull();

    // The payer's own phone, hashed as Safaricom sends it, matches their account.
    const own = await claim(payer.who, payer.paymentId, 'QK3STEAL01');
    expect(own.statusCode, own.body).toBe(200);
    expect(await status(payer.orderId)).toBe('paid');
  });
});

describe('a Till code from the right phone', () => {
  it('pays only an amount from the balance to a little over it, made after the order', async () => {
    const order = await tillOrder('0733 444 555', 365);
    const from = '2547******555';
    const tooLittle = await till.daraja.state.payIn({ amount: 480, till: true, msisdn: from });
    const tooMuch = await till.daraja.state.payIn({ amount: 1000, till: true, msisdn: from });
    const before = await till.daraja.state.payIn({
      amount: 481,
      till: true,
      msisdn: from,
      at: new Date(Date.now() - 10 * 60_000),
    });
    const refused = [
      [tooLittle.transId, 'is less than the Ksh 481 due'],
      [tooMuch.transId, 'is more than the Ksh 481 due'],
      [before.transId, 'made before this order was placed'],
    ] as const;
    for (const [code, words] of refused) {
      const res = await claim(order.who, order.paymentId, code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().error).toContain(words);
      expect((await c2bRow(code)).paymentId).toBeNull();
    }
    expect(await status(order.orderId)).toBe('pending_payment');

    // Ksh 19 over (a shopper rounding up to 500): it pays, and the 19 is due back.
    const rounded = await till.daraja.state.payIn({ amount: 500, till: true, msisdn: from });
    const res = await claim(order.who, order.paymentId, rounded.transId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect((await c2bRow(rounded.transId)).paymentId).not.toBeNull();
  });

  it('counts every claim, refused ones included, against the account’s M-Pesa limit', async () => {
    const order = await tillOrder('0744 555 666', 365);
    const stranger = await till.daraja.state.payIn({ amount: 481, till: true });
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await claim(order.who, order.paymentId, stranger.transId)).statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(answers[10]).toBe(429);
  });
});

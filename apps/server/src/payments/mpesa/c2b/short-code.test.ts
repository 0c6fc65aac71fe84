// Confirmations and validations name the business that was paid (BusinessShortCode): only the
// shop's own Paybill or Till pays an order. Another business's payment posted to our secret
// address — a leaked URL, a misrouted callback — is recorded and refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mpesaShop, orderRow, readyToPay, type MpesaShop } from '../../../../test/mpesa-fixture.ts';
import { DARAJA_CREDENTIALS } from '../../../../test/stand-ins/daraja.ts';
import { mpesaC2b, paymentEvents } from '../../schema.ts';

let shop: MpesaShop;
beforeAll(async () => {
  shop = await mpesaShop();
  await shop.t.app.registerPaymentProviders();
});
afterAll(() => shop.close());

async function paybillOrder() {
  const { who } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
  const res = await shop.t.app.inject({
    method: 'POST',
    url: '/api/create-payment',
    headers: who.auth,
    payload: { method: 'mpesa_paybill' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().order_id as number;
}

describe('a Paybill payment to another short code', () => {
  it('is rejected at validation and pays nothing at confirmation, and both are recorded', async () => {
    const orderId = await paybillOrder();
    const foreign = { amount: 2378, billRef: String(orderId), shortcode: '999999' };

    const asked = await shop.daraja.state.payIn({ ...foreign, validate: true, times: 0 });
    expect(JSON.parse(asked.validation!.body)).toEqual({
      ResultCode: 'C2B00015',
      ResultDesc: 'Rejected',
    });

    const confirmed = await shop.daraja.state.payIn(foreign);
    expect(JSON.parse(confirmed.confirmations[0]!.body)).toEqual({
      ResultCode: 0,
      ResultDesc: 'Accepted',
    });
    expect((await orderRow(shop.t.db, orderId)).status).toBe('pending_payment');
    // Not the shop's money: not even kept as an unmatched payment.
    expect(
      await shop.t.db.select().from(mpesaC2b).where(eq(mpesaC2b.transId, confirmed.transId)),
    ).toEqual([]);
    const events = await shop.t.db
      .select({ kind: paymentEvents.kind, note: paymentEvents.note })
      .from(paymentEvents)
      .where(eq(paymentEvents.kind, 'c2b-confirmation'));
    expect(events.at(-1)!.note).toBe(
      `rejected: short code 999999 is not this shop's (${DARAJA_CREDENTIALS.shortcode})`,
    );

    // The shop's own short code still pays it.
    await shop.daraja.state.payIn({ amount: 2378, billRef: String(orderId) });
    expect((await orderRow(shop.t.db, orderId)).status).toBe('paid');
  });
});

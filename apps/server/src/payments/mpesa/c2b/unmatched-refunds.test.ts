// Money from the M-Pesa menu given back by B2C (decision record 029), against the Daraja stand-in:
// a Paybill payment's overpayment, refunded from the Payments screen to the phone that paid; and a
// payment that matched no order, refunded (all or part) or closed with a note, by those who may
// refund, audited, with no credit note; once dealt with it leaves the list and pays no order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { admin, type LoggedIn } from '../../../../test/accounts.ts';
import { mpesaShop, readyToPay, type MpesaShop } from '../../../../test/mpesa-fixture.ts';
import { mpesaC2b, payments, refunds } from '../../schema.ts';
import { auditLog } from '../../../audit/schema.ts';
import { invoices } from '../../../invoices/schema.ts';
import { orders } from '../../../orders/schema.ts';
import { orderMoney } from '../../money.ts';

let shop: MpesaShop;
let boss: LoggedIn;

beforeAll(async () => {
  shop = await mpesaShop({
    MPESA_INITIATOR_NAME: 'duka-api',
    MPESA_SECURITY_CREDENTIAL: 'encrypted-initiator-password',
  });
  await shop.t.app.registerPaymentProviders();
  boss = await admin(shop.t.app, shop.t.db);
});
afterAll(async () => {
  await shop.close();
});

const state = () => shop.daraja.state;

const inject = (method: 'GET' | 'POST', url: string, payload?: object, who = boss) =>
  shop.t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });

const unmatchedList = async () =>
  (await inject('GET', '/admin/mpesa/unmatched?limit=100')).json().payments as {
    trans_id: string;
    amount: number;
    refunded: number;
    refund: { id: number; status: string; amount: number; reference: string | null } | null;
  }[];

const c2bRow = async (transId: string) =>
  (await shop.t.db.select().from(mpesaC2b).where(eq(mpesaC2b.transId, transId)))[0]!;

describe("a Paybill payment's overpayment", () => {
  it('shows on the Payments list and goes back by B2C to the phone that paid', async () => {
    const { who } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
    const started = await shop.t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: who.auth,
      payload: { method: 'mpesa_paybill' },
    });
    const orderId = started.json().order_id as number;
    await state().payIn({ amount: 3000, billRef: String(orderId), msisdn: '254711222333' });
    const [payment] = await shop.t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ refundDue: true, overpaidCents: 62_200 });
    const listed = (await inject('GET', '/admin/payments?limit=50')).json().payments as {
      id: number;
      overpaid: number;
      refund_due: boolean;
    }[];
    expect(listed.find((p) => p.id === payment!.id)).toMatchObject({
      overpaid: 62_200,
      refund_due: true,
    });

    const res = await inject('POST', `/admin/payments/${payment!.id}/refund`, {});
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ amount: 62_200, method: 'mpesa', kind: 'money' });
    await state().b2cSettled();
    const sent = state().b2cPayments.at(-1)!;
    expect(sent.body).toMatchObject({ Amount: 622, PartyB: '254711222333' });
    const [refund] = await shop.t.db.select().from(refunds).where(eq(refunds.id, res.json().id));
    expect(refund).toMatchObject({ status: 'confirmed', reference: sent.result.receipt });
    const [after] = await shop.t.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after).toMatchObject({ refundDue: false, status: 'captured', refundedCents: 62_200 });
    const [order] = await shop.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(await orderMoney(shop.t.db, order!)).toMatchObject({
      due: 237_800,
      paid: 300_000,
      refunded: 62_200,
      balance: 0,
    });
    // An overpayment was never sold: no credit note.
    const notes = await shop.t.db.select().from(invoices).where(eq(invoices.refundId, refund!.id));
    expect(notes).toHaveLength(0);
  });
});

describe('an unmatched M-Pesa payment', () => {
  it('is refunded in part, then the rest, by B2C; then it leaves the list and pays no order', async () => {
    const paid = await state().payIn({
      amount: 1500,
      billRef: 'WRONG REF',
      msisdn: '254722000111',
    });
    expect((await unmatchedList()).find((p) => p.trans_id === paid.transId)).toMatchObject({
      amount: 150_000,
      refunded: 0,
      refund: null,
    });

    const part = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      amount: 50_000,
      reason: 'Paid twice by mistake',
    });
    expect(part.statusCode, part.body).toBe(202);
    expect(part.json()).toMatchObject({ amount: 50_000, method: 'mpesa', kind: 'money' });
    await state().b2cSettled();
    expect(state().b2cPayments.at(-1)!.body).toMatchObject({
      Amount: 500,
      PartyB: '254722000111',
      Remarks: 'Refund of an M-Pesa payment to Duka',
    });
    expect((await unmatchedList()).find((p) => p.trans_id === paid.transId)).toMatchObject({
      refunded: 50_000,
      refund: { id: part.json().id, status: 'confirmed', amount: 50_000 },
    });
    const tooMuch = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      amount: 100_100,
      reason: 'Too much',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      error: 'At most Ksh 1,000 of it can be refunded.',
    });
    // Money that went back cannot pay an order as well.
    const assign = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/assign`, {
      order_id: 1,
    });
    expect(assign.statusCode).toBe(422);

    const rest = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      reason: 'The rest',
    });
    expect(rest.json()).toMatchObject({ amount: 100_000 });
    await state().b2cSettled();
    const row = await c2bRow(paid.transId);
    expect(row).toMatchObject({ refundedCents: 150_000, paymentId: null });
    expect(row.closedAt).not.toBeNull();
    expect(row.closeNote).toMatch(/^Refunded: /);
    expect((await unmatchedList()).map((p) => p.trans_id)).not.toContain(paid.transId);
    const again = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(404);

    const audited = await shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.unmatched.refund'))
      .orderBy(desc(auditLog.id));
    expect(
      audited.slice(0, 2).map((a) => (a.after as { amount_cents: number }).amount_cents),
    ).toEqual([100_000, 50_000]);
  });

  it('whose result fails is tried again from the list', async () => {
    const paid = await state().payIn({ amount: 700, billRef: 'NOTHING', msisdn: '254722000222' });
    state().nextB2c({
      resultCode: 1,
      resultDesc: 'The balance is insufficient for the transaction.',
    });
    const failed = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      reason: 'Stray payment',
    });
    await state().b2cSettled();
    expect((await unmatchedList()).find((p) => p.trans_id === paid.transId)).toMatchObject({
      refunded: 0,
      refund: {
        status: 'failed',
        failure: 'The balance is insufficient for the transaction. (ResultCode 1)',
      },
    });
    const retried = await inject('POST', `/admin/refunds/${failed.json().id}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    await state().b2cSettled();
    expect((await c2bRow(paid.transId)).closedAt).not.toBeNull();
  });

  it('whose phone Daraja masked is refunded by hand with a reference', async () => {
    const paid = await state().payIn({ amount: 400, billRef: 'NOPE', msisdn: '2547 ***** 126' });
    const refused = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      reason: 'Stray',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('REFUND_BY_HAND');
    const byHand = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/refund`, {
      reason: 'Stray',
      reference: 'QK71HAND01',
    });
    expect(byHand.statusCode, byHand.body).toBe(202);
    expect(byHand.json()).toMatchObject({
      status: 'confirmed',
      method: 'manual',
      reference: 'QK71HAND01',
    });
    expect((await c2bRow(paid.transId)).closedAt).not.toBeNull();
  });

  it('is closed with a note, audited; it then leaves the list and cannot be assigned', async () => {
    const paid = await state().payIn({ amount: 10, billRef: 'TEST' });
    const empty = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/close`, {
      note: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const res = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/close`, {
      note: 'Safaricom test payment',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      trans_id: paid.transId,
      closed: true,
      note: 'Safaricom test payment',
    });
    expect((await unmatchedList()).map((p) => p.trans_id)).not.toContain(paid.transId);
    const row = await c2bRow(paid.transId);
    expect(row).toMatchObject({ closeNote: 'Safaricom test payment', closedBy: boss.id });
    const assign = await inject('POST', `/admin/mpesa/unmatched/${paid.transId}/assign`, {
      order_id: 1,
    });
    expect(assign.statusCode).toBe(404);
    const [audited] = await shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.unmatched.close'))
      .orderBy(desc(auditLog.id));
    expect(audited).toMatchObject({ entity: 'mpesa_c2b', entityId: String(row.id) });
  });

  it('is refunded or closed only by those who may refund: a packer gets 403', async () => {
    const paid = await state().payIn({ amount: 300, billRef: 'ZZZ' });
    const packer = await admin(shop.t.app, shop.t.db, 'fulfilment');
    for (const [what, body] of [
      ['refund', { reason: 'No' }],
      ['close', { note: 'No' }],
    ] as const) {
      const res = await inject(
        'POST',
        `/admin/mpesa/unmatched/${paid.transId}/${what}`,
        body,
        packer,
      );
      expect(res.statusCode, what).toBe(403);
    }
    expect((await c2bRow(paid.transId)).closedAt).toBeNull();
  });
});

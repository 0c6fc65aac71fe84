// One provider reference pays one order, whatever method brings it (decision record 024): an
// M-Pesa receipt that paid by Paybill cannot be typed again as the money collected for another
// order, nor a PayPal capture id; the database holds it to that even when two admins race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, createPayment, product, putInCart } from '../../test/checkout-fixture.ts';
import { mpesaC2b, orderLedger, payments } from './schema.ts';
import { orders } from '../orders/schema.ts';
import { receiveConfirmation } from './mpesa/c2b/paid-in.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/delivery/counties/047',
    headers: boss.auth,
    payload: { pay_on_delivery: true },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(() => t.close());

/** An order to be paid on delivery in Nairobi; its id. */
async function podOrder(): Promise<number> {
  const who = await shopper(t.app);
  await putInCart(t.db, who.id, await product(t.db, { priceCents: 100_000, stock: 5 }), 1);
  const shipping = await t.app.inject({
    method: 'POST',
    url: '/api/shipping',
    headers: who.auth,
    payload: {
      name: 'Baraka Mwangi',
      street_address: 'Moi Avenue 1',
      city: 'Nairobi',
      county: 'Nairobi City',
    },
  });
  if (shipping.statusCode !== 200) throw new Error(shipping.body);
  await t.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: who.auth,
    payload: { email: who.email },
  });
  const res = await createPayment(t.app, who, { method: 'pay_on_delivery' });
  if (res.statusCode !== 202) throw new Error(res.body);
  return res.json().order_id as number;
}

const collect = (orderId: number, reference: string, method: 'cash' | 'mpesa' = 'mpesa') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/collect`,
    headers: boss.auth,
    payload: { method, reference },
  });

const statusOf = async (orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

const paybill = (transId: string, billRef: string, shillings: number) =>
  receiveConfirmation(
    t.app.payments,
    JSON.stringify({
      TransactionType: billRef ? 'Pay Bill' : 'Buy Goods',
      TransID: transId,
      TransTime: '20261127101500',
      TransAmount: shillings.toFixed(2),
      BusinessShortCode: '600000',
      BillRefNumber: billRef,
      MSISDN: '254712345678',
    }),
    true,
  );

describe('a provider reference', () => {
  it('that paid by Paybill cannot be collected as another order’s money: 409 naming the order', async () => {
    const paid = await podOrder();
    const total = (await t.db.select().from(orders).where(eq(orders.id, paid)))[0]!.totalCents;
    expect(await paybill('RTUAPM43PC', String(paid), total / 100)).toMatchObject({ kind: 'paid' });

    const other = await podOrder();
    const again = await collect(other, 'rtuapm43pc');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DUPLICATE_REFERENCE',
      error: `The reference RTUAPM43PC already paid order ${paid}.`,
    });
    expect(await statusOf(other)).toBe('confirmed');
  });

  it('that a PayPal capture brought cannot be typed as cash for another order', async () => {
    const who = await shopper(t.app);
    const paidOrder = await buyAndPay(t.app, t.db, who, [
      [await product(t.db, { priceCents: 5_000, stock: 3 }), 1],
    ]);
    const [capture] = await t.db.select().from(payments).where(eq(payments.orderId, paidOrder));
    const other = await podOrder();
    const res = await collect(other, capture!.transactionId!, 'cash');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toContain(`paid order ${paidOrder}`);
    expect(await statusOf(other)).toBe('confirmed');
  });

  it('typed when M-Pesa was collected at the door is that Till payment when its confirmation comes', async () => {
    const order = await podOrder();
    expect((await collect(order, 'QGR7K2DOOR')).statusCode).toBe(200);
    const outcome = await paybill('QGR7K2DOOR', '', 2378);
    expect(outcome).toMatchObject({ kind: 'recorded-before', orderId: order });
    const [row] = await t.db.select().from(mpesaC2b).where(eq(mpesaC2b.transId, 'QGR7K2DOOR'));
    expect(row!.paymentId).not.toBeNull();
    const entries = await t.db
      .select()
      .from(orderLedger)
      .where(eq(orderLedger.reference, 'QGR7K2DOOR'));
    expect(entries).toEqual([expect.objectContaining({ orderId: order, kind: 'received' })]);
  });

  it('pays one of two orders collected with it at the same moment, on any database', async () => {
    const [a, b] = [await podOrder(), await podOrder()];
    const answers = await Promise.all([collect(a, 'QRACE00001'), collect(b, 'QRACE00001')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const statuses = [await statusOf(a), await statusOf(b)].sort();
    expect(statuses).toEqual(['confirmed', 'paid']);
    const entries = await t.db
      .select()
      .from(orderLedger)
      .where(eq(orderLedger.reference, 'QRACE00001'));
    expect(entries).toHaveLength(1);
  });

  it('is held to one receipt by the database itself', async () => {
    const [entry] = await t.db
      .select()
      .from(orderLedger)
      .where(eq(orderLedger.reference, 'RTUAPM43PC'));
    await expect(
      t.db.insert(orderLedger).values({ ...entry!, id: undefined, orderId: entry!.orderId }),
    ).rejects.toThrow();
  });
});

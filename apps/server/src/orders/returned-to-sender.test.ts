// Returned to sender (issue 34): a parcel refused at the door or never collected. A pay-on-delivery
// order goes back on the shelf with nothing to refund; a paid one gets every shilling back the way
// it came, with a credit note; both owe nothing after, the shopper is told, and only a shipped or
// ready-for-pickup order can come back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createPayment, product, putInCart, stockOf } from '../../test/checkout-fixture.ts';
import { buy, move, shoe, sizeOf } from '../../test/returns-fixture.ts';
import { productVariants } from '../catalog/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { outbox } from '../outbox/schema.ts';
import { payments, refunds } from '../payments/schema.ts';

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

const patch = (who: LoggedIn, orderId: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}`,
    headers: who.auth,
    payload,
  });

const orderOf = async (who: LoggedIn, id: number) =>
  (await t.app.inject({ url: `/api/order/${id}`, headers: who.auth })).json();

/** A pay-on-delivery order of 2 units to Nairobi, shipped. */
async function shippedOnDelivery() {
  const who = await shopper(t.app);
  const productId = await product(t.db, { priceCents: 100_000, stock: 5 });
  await putInCart(t.db, who.id, productId, 2);
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
  const placed = await createPayment(t.app, who, { method: 'pay_on_delivery' });
  if (placed.statusCode >= 300) throw new Error(placed.body);
  const orderId = placed.json().order_id as number;
  await move(t.app, boss, orderId, 'shipped');
  return { who, productId, orderId };
}

describe('a parcel returned to sender', () => {
  it('refused at the door, paid on delivery: restocked, its payment closed, nothing to refund', async () => {
    const { who, productId, orderId } = await shippedOnDelivery();
    expect(await stockOf(t.db, productId)).toBe(3);
    const before = await orderOf(who, orderId);
    expect(before.money).toMatchObject({ due: before.order_total, state: 'unpaid' });

    const res = await patch(boss, orderId, { status: 'returned_to_sender' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'returned_to_sender',
      next_statuses: [],
      collectable: false,
    });
    expect(await stockOf(t.db, productId)).toBe(5);
    const after = await orderOf(who, orderId);
    expect(after.money).toEqual({ due: 0, paid: 0, refunded: 0, balance: 0, state: 'paid' });
    expect(after.timeline.at(-1)).toMatchObject({
      status: 'returned_to_sender',
      note: 'returned to sender',
    });
    const open = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(open.every((p) => p.status !== 'created')).toBe(true);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, who.email), eq(outbox.kind, 'order-returned_to_sender')));
    expect(mail!.body).toContain('No payment was taken for it');

    // Once back, it stays back.
    const again = await patch(boss, orderId, { status: 'delivered' });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('ILLEGAL_TRANSITION');
  });

  it('paid already: every shilling goes back the way it came, with a credit note, and the stock', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss);
    const s40 = sizeOf(p, '40');
    const orderId = await buy(t.app, t.db, who, [[p.id, s40.id, 1]]);
    await move(t.app, boss, orderId, 'processing');
    await move(t.app, boss, orderId, 'shipped');
    const stock = async () =>
      (await t.db.select().from(productVariants).where(eq(productVariants.id, s40.id)))[0]!.stock;
    expect(await stock()).toBe(4);

    // Fulfilment may move parcels but not give money back.
    const fulfilment = await admin(t.app, t.db, 'fulfilment');
    const refused = await patch(fulfilment, orderId, { status: 'returned_to_sender' });
    expect(refused.statusCode).toBe(403);
    expect(await stock()).toBe(4);

    const res = await patch(boss, orderId, { status: 'returned_to_sender' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stock()).toBe(5);
    const after = await orderOf(who, orderId);
    // Ksh 4,000 + Ksh 50 delivery + 16 % VAT, all back.
    expect(after.money).toEqual({
      due: 0,
      paid: 469_800,
      refunded: 469_800,
      balance: 0,
      state: 'refunded',
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'confirmed', kind: 'goods', amountCents: 469_800 });
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'R')));
    expect(note!.source!.totalCents).toBe(469_800);
    const kinds = (
      await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.recipient, who.email))
    ).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['order-refund', 'order-returned_to_sender']));
  });

  it('comes only from shipped or ready for pickup', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss);
    const orderId = await buy(t.app, t.db, who, [[p.id, sizeOf(p, '41').id, 1]]);
    const res = await patch(boss, orderId, { status: 'returned_to_sender' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
      error: 'An order that is paid can only become processing or refunded.',
    });
    expect((await orderOf(who, orderId)).status).toBe('paid');
  });
});

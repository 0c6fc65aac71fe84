// Returns of discounted lines (issue 36): a returned unit refunds what was paid for it, its line's
// discount spread over the line's units with the line's share of the VAT, so one unit and then
// the other two give back exactly the line as paid, as its sale invoice states it; the credit notes
// credit those amounts and state the discount that went with them; a line of another tax type
// comes back whole at what was paid for it, and free delivery stays with delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { admin, shopper, type LoggedIn } from '../../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { product } from '../../../test/checkout-fixture.ts';
import { freshCode, promotion } from '../../../test/promotions-fixture.ts';
import { askReturn, buy, decide, deliver, shoe, sizeOf } from '../../../test/returns-fixture.ts';
import { orderItems, orders } from '../schema.ts';
import { products, productVariants } from '../../catalog/schema.ts';
import { invoices } from '../../invoices/schema.ts';
import { refunds } from '../../payments/schema.ts';

let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

/** Asks, approves and receives a return for a refund; the received return as the admin sees it. */
async function returned(who: LoggedIn, orderId: number, line: object) {
  const asked = await askReturn(t.app, who, orderId, {
    lines: [line],
    reason: 'Not needed after all',
    resolution: 'refund',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as number;
  expect((await decide(t.app, boss, id, { status: 'approved' })).statusCode).toBe(200);
  const received = await decide(t.app, boss, id, { status: 'received' });
  expect(received.statusCode, received.body).toBe(200);
  return { id, ...received.json() };
}

const creditNoteOf = async (returnId: number) => {
  const [refund] = await t.db.select().from(refunds).where(eq(refunds.returnId, returnId));
  const [note] = await t.db.select().from(invoices).where(eq(invoices.refundId, refund!.id));
  return note!.source!;
};

describe('a returned discounted line', () => {
  it('refunds what was paid for it, unit by unit, adding up to the line; VAT by type; credit notes agree', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss);
    const s41 = sizeOf(p, '41');
    // Tea at 8 % VAT (E), Ksh 100 a packet.
    const tea = await product(t.db, { priceCents: 10_000, stock: 10, title: 'Chai masala' });
    await t.db.update(products).set({ taxType: 'E' }).where(eq(products.id, tea));
    const [teaVariant] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, tea));
    const code = freshCode('RETURN10');
    await promotion(t.app, boss, { name: '10 % off', code, type: 'percent_off', value: 10 });
    await promotion(t.app, boss, { name: 'Free delivery', type: 'free_delivery' });

    const orderId = await buy(
      t.app,
      t.db,
      who,
      [
        [p.id, s41.id, 3],
        [tea, teaVariant!.id, 2],
      ],
      code,
    );
    await deliver(t.app, t.db, boss, orderId);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const shoes = items.find((i) => i.productId === p.id)!;
    const chai = items.find((i) => i.productId === tea)!;
    // Ksh 12,000 − 1,200 and Ksh 200 − 20; delivery free. VAT: 16 % of 10,800 = 1,728 and
    // 8 % of 180 = 14.40, Ksh 1,742.40 rounded once to 1,742.
    expect([shoes.discountCents, chai.discountCents]).toEqual([120_000, 2_000]);
    expect(order).toMatchObject({
      discountCents: 122_000 + order!.shippingCents,
      vatCents: 174_200,
    });
    expect(order!.totalCents).toBe(1_080_000 + 18_000 + 174_200);

    // What the sale invoice states for each line: paid, with its share of the VAT (Ksh 1,742 over
    // exactly 1,728 and 14.40: 1,727.60 and 14.40).
    const [sale] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'S')));
    const soldLine = (productId: number) =>
      sale!.source!.lines.find((l) => l.key === String(productId))!;
    expect(soldLine(p.id)).toMatchObject({ amountCents: 1_252_760, taxCents: 172_760 });
    expect(soldLine(tea)).toMatchObject({ amountCents: 18_000 + 1_440, taxCents: 1_440 });
    expect(sale!.source!.totalCents).toBe(order!.totalCents);

    // One pair of three: a third of what the line was paid (Ksh 4,175.87, not the shelf's 4,640).
    const one = await returned(who, orderId, { product_id: p.id, variant_id: s41.id, quantity: 1 });
    expect(one).toMatchObject({
      value: 417_587,
      refund_owed: 0,
      refunds: [{ amount: 417_587, status: 'confirmed' }],
    });
    // Then the other two: together, exactly the line as paid.
    const two = await returned(who, orderId, { product_id: p.id, variant_id: s41.id, quantity: 2 });
    expect(two.value).toBe(835_173);
    expect(one.value + two.value).toBe(soldLine(p.id).amountCents);
    // The tea, of another tax type, whole: what was paid for it.
    const teaBack = await returned(who, orderId, {
      product_id: tea,
      variant_id: teaVariant!.id,
      quantity: 2,
    });
    expect(teaBack.value).toBe(soldLine(tea).amountCents);

    // Each credit note credits the refund and states the discount that went with its units.
    const notes = [
      await creditNoteOf(one.id),
      await creditNoteOf(two.id),
      await creditNoteOf(teaBack.id),
    ];
    expect(notes.map((n) => n.lines.map((l) => [l.returnedQuantity, l.amountCents]))).toEqual([
      [[1, 417_587]],
      [[2, 835_173]],
      [[2, 19_440]],
    ]);
    expect(notes.map((n) => n.totalCents)).toEqual([417_587, 835_173, 19_440]);
    // Ksh 1,200 off the line is Ksh 1,392 with its VAT: a third, then the rest.
    expect(soldLine(p.id).discountCents).toBe(139_200);
    expect(notes.map((n) => n.lines[0]!.discountCents)).toEqual([46_400, 92_800, 2_160]);
    // Every shilling of the goods is back; delivery, free, had nothing to give.
    const tax = notes.reduce((s, n) => s + n.totalTaxCents, 0);
    expect(tax).toBe(soldLine(p.id).taxCents + soldLine(tea).taxCents);
    const shown = (await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth })).json();
    expect(shown.money).toMatchObject({ refunded: order!.totalCents, state: 'refunded' });
  });
});

// Returns and exchanges (issue 34): a shopper returns lines of a delivered order within its window
// (the product's own policy, else the shop's), never more than bought less what is being returned,
// never of an unpaid or someone else's order; the back office approves or refuses with a note,
// marks the goods received with per-line restocking, and the money follows: a refund of exactly
// the returned lines, confirmed, with a credit note for exactly those lines; or an exchange for
// another size, a new order with its stock moved. Two requests for the last unit: one wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { admin, shopper, type LoggedIn } from '../../../test/accounts.ts';
import { createTestApp, secondInstance, type TestContext } from '../../../test/app.ts';
import { insertOrder } from '../../../test/orders-fixture.ts';
import {
  askReturn,
  buy,
  decide,
  deliver,
  returnsOf,
  shoe,
  sizeOf,
} from '../../../test/returns-fixture.ts';
import { orderEvents, orderItems, orders } from '../schema.ts';
import { auditLog } from '../../audit/schema.ts';
import { productVariants } from '../../catalog/schema.ts';
import { invoices } from '../../invoices/schema.ts';
import { outbox } from '../../outbox/schema.ts';
import { refunds } from '../../payments/schema.ts';

let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const stockOfVariant = async (id: number) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;

const mailsTo = async (email: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)));

/** A shopper's delivered order of one size 40 and two size 41 (Ksh 4,000 each, VAT on top). */
async function deliveredOrder(opts: { daysAgo?: number; returnPolicy?: string } = {}) {
  const who = await shopper(t.app);
  const p = await shoe(t.app, boss, opts.returnPolicy ? { returnPolicy: opts.returnPolicy } : {});
  const [s40, s41, s42] = [sizeOf(p, '40'), sizeOf(p, '41'), sizeOf(p, '42')];
  const orderId = await buy(t.app, t.db, who, [
    [p.id, s40.id, 1],
    [p.id, s41.id, 2],
  ]);
  await deliver(t.app, t.db, boss, orderId, opts.daysAgo ?? 0);
  return { who, p, s40, s41, s42, orderId };
}

describe('asking to return', () => {
  it('takes lines within the window, lists them with their value, and e-mails the shopper', async () => {
    const { who, p, s41, orderId } = await deliveredOrder();
    const before = (await returnsOf(t.app, who, orderId)).json();
    expect(before.returns).toEqual([]);
    expect(
      before.returnable.map((l: { variant: string; returnable: number }) => [
        l.variant,
        l.returnable,
      ]),
    ).toEqual([
      ['40', 1],
      ['41', 2],
    ]);
    expect(
      before.returnable[0].exchange_options.map((o: { variant: string }) => o.variant),
    ).toEqual(['41', '42']);

    const res = await askReturn(t.app, who, orderId, {
      lines: [{ product_id: p.id, variant_id: s41.id, quantity: 1 }],
      reason: 'Too small',
      resolution: 'refund',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'requested' });

    const after = (await returnsOf(t.app, who, orderId)).json();
    expect(after.returns).toHaveLength(1);
    // Ksh 4,000 with its 16 % VAT, as the sale invoice states the line.
    expect(after.returns[0]).toMatchObject({
      status: 'requested',
      resolution: 'refund',
      reason: 'Too small',
      value: 464_000,
      lines: [{ variant: '41', quantity: 1, restocked: null }],
      refunds: [],
      exchange: null,
    });
    expect(after.returnable.find((l: { variant: string }) => l.variant === '41').returnable).toBe(
      1,
    );
    const [mail] = await mailsTo(who.email, 'return-requested');
    expect(mail!.body).toContain('1 × ');
    expect(mail!.body).toContain('for a refund');
  });

  it('refuses a line past its window: the shop’s 30 days, or the product’s own policy', async () => {
    const late = await deliveredOrder({ daysAgo: 31 });
    const res = await askReturn(t.app, late.who, late.orderId, {
      lines: [{ product_id: late.p.id, variant_id: late.s40.id, quantity: 1 }],
      reason: 'Changed my mind',
      resolution: 'refund',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'RETURN_WINDOW_CLOSED' });
    expect(res.json().error).toMatch(
      /^The time to return “.+” ended on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/,
    );
    expect((await returnsOf(t.app, late.who, late.orderId)).json().returnable).toEqual([]);

    const short = await deliveredOrder({ daysAgo: 8, returnPolicy: '7 days return policy' });
    const refused = await askReturn(t.app, short.who, short.orderId, {
      lines: [{ product_id: short.p.id, variant_id: short.s40.id, quantity: 1 }],
      reason: 'Changed my mind',
      resolution: 'refund',
    });
    expect(refused.json().code).toBe('RETURN_WINDOW_CLOSED');

    const none = await deliveredOrder({ returnPolicy: 'No return policy' });
    const never = await askReturn(t.app, none.who, none.orderId, {
      lines: [{ product_id: none.p.id, variant_id: none.s40.id, quantity: 1 }],
      reason: 'Changed my mind',
      resolution: 'refund',
    });
    expect(never.statusCode).toBe(422);
    expect(never.json().error).toContain('allows no returns');
    expect(
      await t.db.select().from(outbox).where(eq(outbox.recipient, none.who.email)),
    ).not.toContainEqual(expect.objectContaining({ kind: 'return-requested' }));
  });

  it('refuses more than bought less what is being returned; a refused return counts for none', async () => {
    const { who, p, s41, orderId } = await deliveredOrder();
    const ask = (quantity: number) =>
      askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s41.id, quantity }],
        reason: 'Too small',
        resolution: 'refund',
      });
    const tooMany = await ask(3);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'TOO_MANY',
      error: `You bought 2 of “${p.title} (41)” and can return 2 more, not 3.`,
    });
    const first = await ask(2);
    expect(first.statusCode).toBe(201);
    const again = await ask(1);
    expect(again.json()).toMatchObject({
      code: 'TOO_MANY',
      error: `All of “${p.title} (41)” is being returned already.`,
    });

    const refused = await decide(t.app, boss, first.json().id, {
      status: 'refused',
      note: 'Worn outdoors',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', note: 'Worn outdoors' });
    expect((await ask(1)).statusCode).toBe(201);
    const seen = (await returnsOf(t.app, who, orderId)).json();
    expect(seen.returns.map((r: { status: string }) => r.status)).toEqual(['requested', 'refused']);
    expect(seen.returns[1].note).toBe('Worn outdoors');
    const [mail] = await mailsTo(who.email, 'return-refused');
    expect(mail!.body).toContain('Why: Worn outdoors');
  });

  it('refuses an order not delivered, an unpaid one, and answers another shopper’s with 404', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss);
    const orderId = await buy(t.app, t.db, who, [[p.id, sizeOf(p, '40').id, 1]]);
    const line = { lines: [{ product_id: p.id, quantity: 1 }], reason: 'x', resolution: 'refund' };
    const paidOnly = await askReturn(t.app, who, orderId, line);
    expect(paidOnly.statusCode).toBe(422);
    expect(paidOnly.json()).toMatchObject({
      code: 'NOT_RETURNABLE',
      error: `Only a delivered order can be returned; order #${orderId} is not delivered yet.`,
    });

    const unpaid = await insertOrder(t.db, {
      userId: who.id,
      productId: p.id,
      status: 'delivered',
      totalCents: 400_000,
      paidAt: null,
    });
    await t.db.insert(orderEvents).values({ orderId: unpaid, status: 'delivered' });
    const notPaid = await askReturn(t.app, who, unpaid, line);
    expect(notPaid.json()).toMatchObject({
      code: 'NOT_RETURNABLE',
      error: `Order #${unpaid} is not paid, so there is nothing to return.`,
    });

    const { orderId: theirs, p: theirShoe } = await deliveredOrder();
    const other = await askReturn(t.app, who, theirs, {
      ...line,
      lines: [{ product_id: theirShoe.id, variant_id: theirShoe.variants[0]!.id, quantity: 1 }],
    });
    expect(other.statusCode).toBe(404);
    expect((await returnsOf(t.app, who, theirs)).statusCode).toBe(404);
    expect((await returnsOf(t.app, who, 2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses bad input with plain reasons and saves nothing', async () => {
    const { who, p, s40, s41, orderId } = await deliveredOrder();
    const post = (payload: object) => askReturn(t.app, who, orderId, payload);
    const noVariant = await post({
      lines: [{ product_id: p.id, quantity: 1 }],
      reason: 'x',
      resolution: 'refund',
    });
    expect(noVariant.json()).toMatchObject({ code: 'VARIANT_NEEDED' });
    const wrong = await post({
      lines: [{ product_id: 999_999, quantity: 1 }],
      reason: 'x',
      resolution: 'refund',
    });
    expect(wrong.json()).toMatchObject({ code: 'NOT_IN_ORDER' });
    for (const bad of [
      { lines: [], reason: 'x', resolution: 'refund' },
      {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 0 }],
        reason: 'x',
        resolution: 'refund',
      },
      {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: ' ',
        resolution: 'refund',
      },
      {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'x',
        resolution: 'exchange',
      },
      {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'x',
        resolution: 'refund',
        exchange_variant_id: s41.id,
      },
      {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1, price: 1 }],
        reason: 'x',
        resolution: 'refund',
      },
    ]) {
      expect((await post(bad)).statusCode).toBe(400);
    }
    const same = await post({
      lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
      reason: 'x',
      resolution: 'exchange',
      exchange_variant_id: s40.id,
    });
    expect(same.json()).toMatchObject({ code: 'EXCHANGE_SAME_VARIANT' });
    const two = await post({
      lines: [
        { product_id: p.id, variant_id: s40.id, quantity: 1 },
        { product_id: p.id, variant_id: s41.id, quantity: 1 },
      ],
      reason: 'x',
      resolution: 'exchange',
      exchange_variant_id: sizeOf(p, '42').id,
    });
    expect(two.json()).toMatchObject({ code: 'EXCHANGE_ONE_ITEM' });
    const other = await shoe(t.app, boss);
    const elsewhere = await post({
      lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
      reason: 'x',
      resolution: 'exchange',
      exchange_variant_id: other.variants[0]!.id,
    });
    expect(elsewhere.json()).toMatchObject({ code: 'EXCHANGE_OTHER_PRODUCT' });
    expect((await returnsOf(t.app, who, orderId)).json().returns).toEqual([]);
  });
});

describe('deciding a return', () => {
  it('approve → receive → a refund of exactly the returned line, confirmed, with its credit note', async () => {
    const { who, p, s40, s41, orderId } = await deliveredOrder();
    const asked = await askReturn(t.app, who, orderId, {
      lines: [{ product_id: p.id, variant_id: s41.id, quantity: 1 }],
      reason: 'Too small',
      resolution: 'refund',
    });
    const id = asked.json().id as number;
    const stock41 = await stockOfVariant(s41.id);

    const early = await decide(t.app, boss, id, { status: 'received' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Approve the return before marking its goods received.');

    const approved = await decide(t.app, boss, id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decided_at: expect.any(String) });
    expect(await mailsTo(who.email, 'return-approved')).toHaveLength(1);

    const received = await decide(t.app, boss, id, { status: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    const body = received.json();
    expect(body).toMatchObject({
      status: 'received',
      refund_error: null,
      refund_owed: 0,
      value: 464_000,
      lines: [{ variant: '41', quantity: 1, restocked: true }],
      refunds: [{ amount: 464_000, status: 'confirmed', reference: expect.any(String) }],
    });
    expect(await stockOfVariant(s41.id)).toBe(stock41 + 1);
    expect(await stockOfVariant(s40.id)).toBe(4);

    // The refund names the line; its credit note credits exactly it, against the sale invoice.
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.returnId, id));
    const [item41] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, s41.id)));
    expect(refund).toMatchObject({
      kind: 'goods',
      amountCents: 464_000,
      lines: [{ orderItemId: item41!.id, quantity: 1, amountCents: 464_000 }],
      deliveryCents: 0,
    });
    const [sale] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'S')));
    const [note] = await t.db.select().from(invoices).where(eq(invoices.refundId, refund!.id));
    expect(note).toMatchObject({ kind: 'R', originalNo: sale!.invoiceNo });
    expect(note!.source!.lines).toEqual([
      expect.objectContaining({
        ref: String(item41!.id),
        quantity: 1,
        returnedQuantity: 1,
        amountCents: 464_000,
        taxCents: 64_000,
        taxType: 'B',
      }),
    ]);
    expect(note!.source!.totalCents).toBe(464_000);
    expect(note!.source!.totalTaxCents).toBe(64_000);

    // The order's money: Ksh 13,978 paid, Ksh 4,640 back, Ksh 9,338 kept for what it now costs.
    const shown = (await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth })).json();
    expect(shown.money).toEqual({
      due: 933_800,
      paid: 1_397_800,
      refunded: 464_000,
      balance: 0,
      state: 'partially_refunded',
    });
    expect(await mailsTo(who.email, 'return-received')).toHaveLength(1);
    expect(await mailsTo(who.email, 'order-refund')).toHaveLength(1);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'return'), eq(auditLog.entityId, String(id))));
    expect(audited.map((a) => (a.after as { status: string }).status)).toEqual([
      'approved',
      'received',
    ]);

    // Done is done: no second receipt, no second refund.
    const twice = await decide(t.app, boss, id, { status: 'received' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('NOTHING_OWED');
    const shopperView = (await returnsOf(t.app, who, orderId)).json().returns[0];
    expect(shopperView.refunds).toEqual([
      {
        id: refund!.id,
        amount: 464_000,
        status: 'confirmed',
        reference: expect.any(String),
        failure: null,
      },
    ]);
  });

  it('restocks only the lines chosen, and leaves the others off the shelf', async () => {
    const { who, p, s40, s41, orderId } = await deliveredOrder();
    const asked = await askReturn(t.app, who, orderId, {
      lines: [
        { product_id: p.id, variant_id: s40.id, quantity: 1 },
        { product_id: p.id, variant_id: s41.id, quantity: 2 },
      ],
      reason: 'Not what I expected',
      resolution: 'refund',
    });
    const id = asked.json().id as number;
    await decide(t.app, boss, id, { status: 'approved' });
    const [s40Before, s41Before] = [await stockOfVariant(s40.id), await stockOfVariant(s41.id)];
    const view = (
      await t.app.inject({ url: `/api/admin/returns/${id}`, headers: boss.auth })
    ).json();
    const line41 = view.lines.find((l: { variant: string }) => l.variant === '41').id;
    const badLine = await decide(t.app, boss, id, { status: 'received', restock: [999_999] });
    expect(badLine.json().code).toBe('NOT_A_RETURN_LINE');
    const received = await decide(t.app, boss, id, { status: 'received', restock: [line41] });
    expect(
      received
        .json()
        .lines.map((l: { variant: string; restocked: boolean }) => [l.variant, l.restocked]),
    ).toEqual([
      ['40', false],
      ['41', true],
    ]);
    expect(await stockOfVariant(s40.id)).toBe(s40Before);
    expect(await stockOfVariant(s41.id)).toBe(s41Before + 2);
    // The whole order came back: all of it refunded but delivery.
    expect(received.json().refunds[0]).toMatchObject({ amount: 1_392_000, status: 'confirmed' });
  });

  it('paid in cash on delivery: the refund is made by hand, then recorded with its reference', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss);
    const s40 = sizeOf(p, '40');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/delivery/counties/047',
      headers: boss.auth,
      payload: { pay_on_delivery: true },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: who.auth,
      payload: { product_id: p.id, variant_id: s40.id, quantity: 1 },
    });
    await t.app.inject({
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
    await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: who.auth,
      payload: { email: who.email },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: who.auth,
      payload: { method: 'pay_on_delivery' },
    });
    const orderId = placed.json().order_id as number;
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/collect`,
      headers: boss.auth,
      payload: { method: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    // Collected before it left: paid, then on its way as any paid order.
    for (const status of ['processing', 'shipped', 'delivered']) {
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${orderId}`,
        headers: boss.auth,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const id = (
      await askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'Too big',
        resolution: 'refund',
      })
    ).json().id as number;
    await decide(t.app, boss, id, { status: 'approved' });

    // Cash cannot be sent back from here: the goods are in, the money is owed, nothing was sent.
    const received = await decide(t.app, boss, id, { status: 'received' });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({
      status: 'received',
      refunds: [],
      refund_owed: 464_000,
      refund_error: expect.stringContaining('refund it by hand'),
    });
    const recorded = await decide(t.app, boss, id, {
      status: 'received',
      refund_reference: 'CASH-0042',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      refund_owed: 0,
      refund_error: null,
      refunds: [{ amount: 464_000, status: 'confirmed', reference: 'CASH-0042' }],
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.returnId, id));
    expect(refund).toMatchObject({ method: 'cash', kind: 'goods' });
    expect(
      await t.db.select().from(invoices).where(eq(invoices.refundId, refund!.id)),
    ).toHaveLength(1);
  });

  it('needs orders.fulfil to decide, and payments.refund to receive what gives money back', async () => {
    const { who, p, s40, orderId } = await deliveredOrder();
    const id = (
      await askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'Too big',
        resolution: 'refund',
      })
    ).json().id as number;
    const support = await admin(t.app, t.db, 'support');
    const fulfilment = await admin(t.app, t.db, 'fulfilment');
    expect((await decide(t.app, support, id, { status: 'approved' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/admin/returns', headers: support.auth })).statusCode,
    ).toBe(200);
    expect((await decide(t.app, who, id, { status: 'approved' })).statusCode).toBe(403);
    expect((await decide(t.app, fulfilment, id, { status: 'approved' })).statusCode).toBe(200);
    const refused = await decide(t.app, fulfilment, id, { status: 'received' });
    expect(refused.statusCode).toBe(403);
    const [still] = (
      await t.app.inject({ url: `/api/admin/returns?order_id=${orderId}`, headers: boss.auth })
    ).json().returns;
    expect(still).toMatchObject({ status: 'approved', refunds: [] });
    expect((await decide(t.app, boss, id, { status: 'refused' })).statusCode).toBe(400);
  });

  it('lists returns for the back office, newest first, by status', async () => {
    const { who, p, s40, orderId } = await deliveredOrder();
    const id = (
      await askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'Too big',
        resolution: 'refund',
      })
    ).json().id as number;
    const list = await t.app.inject({
      url: '/api/admin/returns?status=requested&limit=100',
      headers: boss.auth,
    });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.returns.every((r: { status: string }) => r.status === 'requested')).toBe(true);
    expect(page.returns[0]).toMatchObject({
      id,
      order_id: orderId,
      customer_email: who.email,
      order_status: 'delivered',
    });
    expect(
      (await t.app.inject({ url: '/api/admin/returns?status=lost', headers: boss.auth }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/admin/returns/2000000000', headers: boss.auth })).statusCode,
    ).toBe(404);
  });
});

describe('an exchange for another size', () => {
  it('makes a new order for the other size at no charge, its stock moved', async () => {
    const { who, p, s40, s41, orderId } = await deliveredOrder();
    const asked = await askReturn(t.app, who, orderId, {
      lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
      reason: 'Too small',
      resolution: 'exchange',
      exchange_variant_id: s41.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    const listed = (await returnsOf(t.app, who, orderId)).json().returns[0];
    expect(listed.exchange).toEqual({
      variant_id: s41.id,
      variant: '41',
      difference: 0,
      order_id: null,
    });

    await decide(t.app, boss, id, { status: 'approved' });
    const [s40Before, s41Before] = [await stockOfVariant(s40.id), await stockOfVariant(s41.id)];
    const received = await decide(t.app, boss, id, { status: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    const exchange = received.json().exchange;
    expect(exchange).toMatchObject({ variant: '41', difference: 0, order_id: expect.any(Number) });
    expect(received.json().refunds).toEqual([]);
    expect(await stockOfVariant(s40.id)).toBe(s40Before + 1);
    expect(await stockOfVariant(s41.id)).toBe(s41Before - 1);

    const replacement = (
      await t.app.inject({ url: `/api/order/${exchange.order_id}`, headers: who.auth })
    ).json();
    expect(replacement).toMatchObject({
      status: 'paid',
      order_total: 0,
      items: [{ product_id: p.id, variant_id: s41.id, variant: '41', quantity: 1, price: 0 }],
      money: { due: 0, state: 'paid' },
      shipping_name: 'Wanjiru Kamau',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, exchange.order_id));
    expect(row!.exchangeForOrderId).toBe(orderId);
    const theirs = (await returnsOf(t.app, who, exchange.order_id)).json();
    expect(theirs.exchange_for).toEqual({ order_id: orderId, return_id: id });
    // It ships like any paid order.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${exchange.order_id}`,
      headers: boss.auth,
      payload: { status: 'processing' },
    });
    expect(moved.statusCode).toBe(200);
    const [mail] = await mailsTo(who.email, 'return-received');
    expect(mail!.body).toContain(`Your replacement is order #${exchange.order_id}, at no charge.`);
    // The first order keeps its money: nothing was credited.
    const first = (await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth })).json();
    expect(first.money).toMatchObject({ refunded: 0, state: 'paid' });
  });

  it('charges the difference for a dearer size on the new order, VAT added as it was', async () => {
    const { who, p, s40, s42, orderId } = await deliveredOrder();
    const id = (
      await askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'Too small',
        resolution: 'exchange',
        exchange_variant_id: s42.id,
      })
    ).json().id as number;
    // Ksh 500 more, and its VAT: Ksh 580.
    expect((await returnsOf(t.app, who, orderId)).json().returns[0].exchange.difference).toBe(
      58_000,
    );
    await decide(t.app, boss, id, { status: 'approved' });
    const received = (await decide(t.app, boss, id, { status: 'received' })).json();
    expect(received.exchange.difference).toBe(58_000);
    const replacement = (
      await t.app.inject({ url: `/api/order/${received.exchange.order_id}`, headers: who.auth })
    ).json();
    expect(replacement).toMatchObject({
      status: 'pending_payment',
      order_total: 58_000,
      items: [{ variant: '42', price: 50_000 }],
      money: { due: 58_000, state: 'unpaid', balance: 58_000 },
    });
    // Paying the difference from its page, and leaving, never lets the replacement expire.
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      headers: who.auth,
      payload: { method: 'mpesa_paybill', order_id: received.exchange.order_id },
    });
    expect(pay.statusCode).toBe(202);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, received.exchange.order_id));
    expect(row).toMatchObject({ status: 'pending_payment', expiresAt: null });
  });

  it('refunds a cheaper size’s difference on the first order, credited without units', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss);
    const [s40, s42] = [sizeOf(p, '40'), sizeOf(p, '42')];
    const orderId = await buy(t.app, t.db, who, [[p.id, s42.id, 1]]);
    await deliver(t.app, t.db, boss, orderId);
    const id = (
      await askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s42.id, quantity: 1 }],
        reason: 'Too big',
        resolution: 'exchange',
        exchange_variant_id: s40.id,
      })
    ).json().id as number;
    await decide(t.app, boss, id, { status: 'approved' });
    const received = (await decide(t.app, boss, id, { status: 'received' })).json();
    // Ksh 500 less, with its VAT: Ksh 580 back.
    expect(received).toMatchObject({
      exchange: { variant: '40', difference: -58_000, order_id: expect.any(Number) },
      refunds: [{ amount: 58_000, status: 'confirmed' }],
      refund_owed: 0,
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.returnId, id));
    const [note] = await t.db.select().from(invoices).where(eq(invoices.refundId, refund!.id));
    expect(note!.source!.lines).toEqual([
      expect.objectContaining({ returnedQuantity: 0, amountCents: 58_000, taxCents: 8_000 }),
    ]);
    const replacement = (
      await t.app.inject({ url: `/api/order/${received.exchange.order_id}`, headers: who.auth })
    ).json();
    expect(replacement).toMatchObject({
      order_total: 0,
      status: 'paid',
      items: [{ variant: '40' }],
    });
  });

  it('refuses an exchange for a size out of stock, when asked and when the goods arrive', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss, { stock: [5, 1, 5] });
    const [s40, s41] = [sizeOf(p, '40'), sizeOf(p, '41')];
    const orderId = await buy(t.app, t.db, who, [[p.id, s40.id, 2]]);
    await deliver(t.app, t.db, boss, orderId);
    const ask = (quantity: number) =>
      askReturn(t.app, who, orderId, {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity }],
        reason: 'Too small',
        resolution: 'exchange',
        exchange_variant_id: s41.id,
      });
    expect((await ask(2)).json()).toMatchObject({ code: 'EXCHANGE_OUT_OF_STOCK' });
    const id = (await ask(1)).json().id as number;
    await decide(t.app, boss, id, { status: 'approved' });
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, s41.id));
    const stock40 = await stockOfVariant(s40.id);
    const gone = await decide(t.app, boss, id, { status: 'received' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('OUT_OF_STOCK');
    // Nothing moved: the return is still approved and its goods not restocked.
    expect(await stockOfVariant(s40.id)).toBe(stock40);
    const view = (
      await t.app.inject({ url: `/api/admin/returns/${id}`, headers: boss.auth })
    ).json();
    expect(view).toMatchObject({ status: 'approved', lines: [{ restocked: null }] });
  });
});

describe('two requests for the last unit', () => {
  it('let one win, on two instances', async () => {
    const other = await secondInstance(t);
    try {
      const who = await shopper(t.app);
      const p = await shoe(t.app, boss);
      const s40 = sizeOf(p, '40');
      const orderId = await buy(t.app, t.db, who, [[p.id, s40.id, 1]]);
      await deliver(t.app, t.db, boss, orderId);
      const payload = {
        lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
        reason: 'Too small',
        resolution: 'refund',
      };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          askReturn(i % 2 ? other : t.app, who, orderId, payload),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
      expect(answers.find((a) => a.statusCode === 422)!.json().code).toBe('TOO_MANY');
      expect((await returnsOf(t.app, who, orderId)).json().returns).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

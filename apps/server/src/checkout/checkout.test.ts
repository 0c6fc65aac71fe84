import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutTotals, displayPriceCents, expectedDelivery } from '@duka/domain';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { shopper } from '../../test/accounts.ts';
import {
  approveSandbox,
  createPayment,
  execute,
  fillCheckoutSteps,
  product,
  putInCart,
  stockOf,
} from '../../test/checkout-fixture.ts';
import { cartItems } from '../cart/schema.ts';
import { orders } from '../orders/schema.ts';
import { payments } from '../payments/schema.ts';
import { expireStaleOrders } from '../orders/expiry.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sweep = () => t.app.payments;

async function readyShopper(lines: [number, number][]) {
  const who = await shopper(t.app);
  for (const [productId, quantity] of lines) await putInCart(t.db, who.id, productId, quantity);
  await fillCheckoutSteps(t.app, who);
  return who;
}

describe('checkout steps', () => {
  it('need a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/shipping'],
      ['POST', '/api/payment'],
      ['POST', '/api/create-payment'],
      ['GET', '/api/execute-payment?paymentId=x&PayerID=y'],
      ['GET', '/api/checkout/summary'],
      ['GET', '/api/order'],
      ['GET', '/api/order/1'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined }))
          .statusCode,
        url,
      ).toBe(401);
    }
  });

  it('validate the shipping address and the e-mail', async () => {
    const who = await shopper(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/shipping',
      headers: who.auth,
      payload: { name: '', city: 'Nairobi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['name', 'street_address', 'zip_code']);
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: who.auth,
      payload: { email: 'nope' },
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().fields.email).toBe('Invalid email');
  });

  it("keep a business's KRA PIN and name for its tax invoice, checked and cleared on request", async () => {
    const who = await shopper(t.app);
    const step2 = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/payment', headers: who.auth, payload });
    const details = async () =>
      (await t.app.inject({ url: '/api/checkout/details', headers: who.auth })).json();

    const wrong = await step2({ email: who.email, kra_pin: 'P05123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.kra_pin).toBe('Enter a KRA PIN like P051234567X');
    // Every mistake is named at once, the missing PIN beside a wrong e-mail.
    const nameOnly = await step2({ email: 'nope', business_name: 'Jua Kali Traders Ltd' });
    expect(nameOnly.json().fields).toEqual({
      email: 'Invalid email',
      kra_pin: "Enter the business's KRA PIN too",
    });
    expect(await details()).toMatchObject({ kra_pin: null, business_name: null });

    const saved = await step2({
      email: who.email,
      kra_pin: ' p051234567x ',
      business_name: ' Jua Kali Traders Ltd ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await details()).toMatchObject({
      kra_pin: 'P051234567X',
      business_name: 'Jua Kali Traders Ltd',
    });
    expect((await step2({ email: who.email, kra_pin: '', business_name: '' })).statusCode).toBe(
      200,
    );
    expect(await details()).toMatchObject({ kra_pin: null, business_name: null });
  });

  it('refuse to start a payment without the steps or with an empty cart', async () => {
    const who = await shopper(t.app);
    expect((await createPayment(t.app, who)).json().code).toBe('SHIPPING_MISSING');
    await fillCheckoutSteps(t.app, who);
    const empty = await createPayment(t.app, who);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'CART_EMPTY', error: 'Your cart is empty.' });
  });
});

describe('the amount', () => {
  it('is computed by the server from its own prices, whatever the browser sends', async () => {
    const a = await product(t.db, { priceCents: 129_900, discountBp: 1_000, stock: 10 }); // Ksh 1,299 −10 % → 1,169
    const b = await product(t.db, { priceCents: 45_050, stock: 10 }); // Ksh 450.50 → 451
    const who = await readyShopper([
      [a, 2],
      [b, 1],
    ]);
    const expected = checkoutTotals([
      { unitPriceCents: displayPriceCents(129_900, 1_000), quantity: 2 },
      { unitPriceCents: displayPriceCents(45_050, 0), quantity: 1 },
    ]);
    const summary = await t.app.inject({ url: '/api/checkout/summary', headers: who.auth });
    expect(summary.json()).toEqual({
      ...expected,
      // Step 3 lists what is bought and when it should arrive (4–7 Nairobi business days).
      lines: [
        { productId: a, title: expect.any(String), quantity: 2, lineTotalCents: 116_900 * 2 },
        { productId: b, title: expect.any(String), quantity: 1, lineTotalCents: 45_100 },
      ],
      expectedDelivery: expectedDelivery(new Date()),
      deliveryDays: { min: 3, max: 5 },
      pricesIncludeVat: false,
      // No promotion applies (issue 36).
      discounts: [],
      discountTotalCents: 0,
      coupon: null,
    });

    const res = await createPayment(t.app, who, { order_total: 1, total: 1, price: 1, amount: 1 });
    expect(res.statusCode).toBe(200);
    const { order_id: orderId } = res.json();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId: who.id,
      status: 'pending_payment',
      itemCount: 3,
      itemsCents: expected.itemsCents,
      shippingCents: 5_000,
      vatCents: expected.vatCents,
      totalCents: expected.totalCents,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.amountCents).toBe(expected.totalCents);
  });
});

describe('paying with the sandbox provider', () => {
  it('pays the order, turns the reservation into a sale and empties what was bought from the cart', async () => {
    const p = await product(t.db, { priceCents: 100_000, stock: 7 });
    const who = await readyShopper([[p, 3]]);
    const started = (await createPayment(t.app, who)).json();
    expect(started.payment_link).toBe(`/sandbox-pay/${started.paymentId}`);
    expect(await stockOf(t.db, p)).toBe(4); // reserved

    const page = await t.app.inject({ url: started.payment_link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ksh 3,538'); // 3 × 1,000 + 50 shipping = 3,050, + VAT 488
    const payerId = await approveSandbox(t.app, started.paymentId);
    const res = await execute(t.app, who, started.paymentId, payerId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment completed', order_id: started.order_id });

    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(order!.status).toBe('paid');
    expect(order!.paidAt).toBeInstanceOf(Date);
    expect(await stockOf(t.db, p)).toBe(4);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, who.id))).toEqual([]);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, started.order_id));
    expect(payment).toMatchObject({ status: 'captured', payerId });
    expect(payment!.transactionId).toMatch(/^SBXTXN/);
  });

  it('captures once and makes one paid order however often the return is executed', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 5 });
    const who = await readyShopper([[p, 1]]);
    const started = (await createPayment(t.app, who)).json();
    const payerId = await approveSandbox(t.app, started.paymentId);

    let captures = 0;
    const provider = t.app.payments.providers.forMethod('paypal');
    const original = provider.execute!.bind(provider);
    provider.execute = async (...args) => {
      captures++;
      return original(...args);
    };
    try {
      const sequential = [];
      for (let i = 0; i < 10; i++)
        sequential.push((await execute(t.app, who, started.paymentId, payerId)).statusCode);
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, () => execute(t.app, who, started.paymentId, payerId)),
      );
      expect(sequential.every((s) => s === 200)).toBe(true);
      expect(concurrent.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
      expect(new Set(concurrent.map((r) => r.json().order_id))).toEqual(
        new Set([started.order_id]),
      );
    } finally {
      provider.execute = original;
    }
    expect(captures).toBe(1);
    const paid = await t.db.select().from(orders).where(eq(orders.userId, who.id));
    expect(paid.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(await stockOf(t.db, p)).toBe(4);
  });

  it('refuses a return that was not approved, and releases the stock', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 2 });
    const who = await readyShopper([[p, 2]]);
    const started = (await createPayment(t.app, who)).json();
    expect(await stockOf(t.db, p)).toBe(0);
    const res = await execute(t.app, who, started.paymentId, 'FORGED-PAYER');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_DECLINED');
    expect(await stockOf(t.db, p)).toBe(2);
    expect((await t.db.select().from(cartItems).where(eq(cartItems.userId, who.id))).length).toBe(
      1,
    );
  });

  it('a cancelled payment releases the stock, keeps the cart, and cannot be paid afterwards', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 3 });
    const who = await readyShopper([[p, 3]]);
    const started = (await createPayment(t.app, who)).json();
    const cancelPage = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/${started.paymentId}/cancel`,
    });
    expect(cancelPage.statusCode).toBe(303);
    expect(cancelPage.headers.location).toBe(
      `/cart?payment=cancelled&paymentId=${started.paymentId}`,
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/cancel-payment',
      headers: who.auth,
      payload: { paymentId: started.paymentId },
    });
    expect(cancel.json()).toEqual({ cancelled: true });
    expect(await stockOf(t.db, p)).toBe(3);
    expect((await t.db.select().from(cartItems).where(eq(cartItems.userId, who.id))).length).toBe(
      1,
    );
    const payerId = await approveSandbox(t.app, started.paymentId).catch(() => 'none');
    const late = await execute(t.app, who, started.paymentId, payerId);
    expect(late.statusCode).toBe(409);
    expect(await stockOf(t.db, p)).toBe(3);
  });

  it('an unpaid order expires and gives its stock back; paying it afterwards is refused', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 4 });
    const who = await readyShopper([[p, 4]]);
    const started = (await createPayment(t.app, who)).json();
    const payerId = await approveSandbox(t.app, started.paymentId);
    await expireStaleOrders(sweep(), new Date()); // not yet: it has 30 minutes
    expect(await stockOf(t.db, p)).toBe(0);
    // Other tests' unpaid orders in this database expire too.
    expect(
      await expireStaleOrders(sweep(), new Date(Date.now() + 31 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t.db, p)).toBe(4);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, started.order_id));
    expect(payment!.status).toBe('expired');
    expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(409);
  });

  it('a new checkout replaces an unpaid one instead of holding stock twice', async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 3 });
    const who = await readyShopper([[p, 2]]);
    const first = (await createPayment(t.app, who)).json();
    // The same cart again pays the same order (issue 34); a changed cart makes a new one.
    const again = (await createPayment(t.app, who)).json();
    expect(again.order_id).toBe(first.order_id);
    await t.db.update(cartItems).set({ quantity: 1 }).where(eq(cartItems.userId, who.id));
    const second = (await createPayment(t.app, who)).json();
    expect(second.order_id).not.toBe(first.order_id);
    expect(await stockOf(t.db, p)).toBe(2);
    const [old] = await t.db.select().from(orders).where(eq(orders.id, first.order_id));
    expect(old!.status).toBe('cancelled');
  });
});

describe('one open checkout per shopper', () => {
  it('6 concurrent create-payments for one cart leave one pending order and take the stock once', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    const who = await readyShopper([[p, 2]]);
    const starts = await Promise.all(Array.from({ length: 6 }, () => createPayment(t.app, who)));
    // Each either started a payment or was told a newer checkout replaced it; nothing else.
    expect(starts.filter((r) => r.statusCode !== 200 && r.statusCode !== 409)).toEqual([]);
    expect(
      starts
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json().code === 'CHECKOUT_REPLACED'),
    ).toBe(true);
    const mine = await t.db.select().from(orders).where(eq(orders.userId, who.id));
    expect(mine.filter((o) => o.status === 'pending_payment')).toHaveLength(1);
    expect(await stockOf(t.db, p)).toBe(8);
    // Only the open order can be paid.
    const open = mine.find((o) => o.status === 'pending_payment')!;
    const paid = [];
    for (const r of starts.filter((r) => r.statusCode === 200)) {
      const { paymentId } = r.json();
      const payerId = await approveSandbox(t.app, paymentId).catch(() => 'none');
      paid.push({
        order: r.json().order_id,
        status: (await execute(t.app, who, paymentId, payerId)).statusCode,
      });
    }
    expect(paid.filter((x) => x.status === 200).map((x) => x.order)).toEqual([open.id]);
    expect(await stockOf(t.db, p)).toBe(8);
  });
});

describe('racing for the last units', () => {
  it('50 concurrent checkouts for 5 units give exactly 5 paid orders and stock 0', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => readyShopper([[p, 1]])));
    const starts = await Promise.all(buyers.map((who) => createPayment(t.app, who)));
    const ok = starts.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    expect(
      starts.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'OUT_OF_STOCK'),
    ).toBe(true);
    expect(starts.filter((r) => r.statusCode !== 200 && r.statusCode !== 409)).toEqual([]);
    expect(await stockOf(t.db, p)).toBe(0);

    const winners = starts
      .map((r, i) => ({ r, who: buyers[i]! }))
      .filter(({ r }) => r.statusCode === 200);
    const paid = await Promise.all(
      winners.map(async ({ r, who }) => {
        const { paymentId } = r.json();
        return execute(t.app, who, paymentId, await approveSandbox(t.app, paymentId));
      }),
    );
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const paidOrders = await t.db.select().from(orders).where(eq(orders.status, 'paid'));
    expect(paidOrders.filter((o) => buyers.some((b) => b.id === o.userId))).toHaveLength(5);
    expect(await stockOf(t.db, p)).toBe(0);
  });
});

describe('crossing checkouts', () => {
  it('two shoppers whose open orders and new carts cross, 30 rounds on two instances: no 5xx, stock exact', async () => {
    // Each round A's open order holds what B now wants and B's holds what A wants: A gives X back
    // and takes Y while B gives Y back and takes X. Locked set by set, they wait on each other.
    const other = await secondInstance(t);
    try {
      const x = await product(t.db, { priceCents: 10_000, stock: 100 });
      const y = await product(t.db, { priceCents: 10_000, stock: 100 });
      const a = await readyShopper([]);
      const b = await readyShopper([]);
      const setCart = async (userId: number, productId: number) => {
        await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
        await putInCart(t.db, userId, productId, 1);
      };
      const statuses: number[] = [];
      for (let round = 0; round < 30; round++) {
        const [forA, forB] = round % 2 ? [y, x] : [x, y];
        await setCart(a.id, forA);
        await setCart(b.id, forB);
        const answers = await Promise.all([createPayment(t.app, a), createPayment(other, b)]);
        statuses.push(...answers.map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // Each shopper holds one open order of one unit; everything else went back.
      expect(await stockOf(t.db, x)).toBe(99);
      expect(await stockOf(t.db, y)).toBe(99);
      const open = await t.db.select().from(orders).where(eq(orders.status, 'pending_payment'));
      expect(open.filter((o) => o.userId === a.id || o.userId === b.id)).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});

describe('one shopper, one set of orders', () => {
  it("a shopper can neither see nor pay nor cancel another shopper's order", async () => {
    const p = await product(t.db, { priceCents: 50_000, stock: 5 });
    const owner = await readyShopper([[p, 1]]);
    const other = await shopper(t.app);
    const started = (await createPayment(t.app, owner)).json();
    const payerId = await approveSandbox(t.app, started.paymentId);
    expect(
      (await t.app.inject({ url: `/api/order/${started.order_id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect((await execute(t.app, other, started.paymentId, payerId)).statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/cancel-payment',
      headers: other.auth,
      payload: { paymentId: started.paymentId },
    });
    expect(cancel.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/order', headers: other.auth })).json().total).toBe(0);
    // The owner still can.
    expect((await execute(t.app, owner, started.paymentId, payerId)).statusCode).toBe(200);
  });

  it('lists your own orders newest first, with items, and shows one in detail', async () => {
    const p = await product(t.db, { priceCents: 30_000, stock: 10, title: 'Kiondo basket' });
    const who = await readyShopper([[p, 2]]);
    const first = (await createPayment(t.app, who)).json();
    await execute(t.app, who, first.paymentId, await approveSandbox(t.app, first.paymentId));
    await putInCart(t.db, who.id, p, 1);
    const second = (await createPayment(t.app, who)).json();

    const list = (await t.app.inject({ url: '/api/order', headers: who.auth })).json();
    expect(list.total).toBe(2);
    expect(list.orders.map((o: { id: number }) => o.id)).toEqual([second.order_id, first.order_id]);
    expect(list.orders[1]).toMatchObject({
      status: 'paid',
      payment_method: 'Sandbox',
      shipping_address: 'Apt 4B, Moi Avenue 12, Nairobi, 00100',
      items: [
        { product_id: p, title: 'Kiondo basket', price: 30_000, quantity: 2, subtotal: 60_000 },
      ],
    });
    const detail = (
      await t.app.inject({ url: `/api/order/${first.order_id}`, headers: who.auth })
    ).json();
    expect(detail).toMatchObject({
      id: first.order_id,
      items_total: 60_000,
      shipping: 5_000,
      shipping_name: 'Wanjiru Kamau',
      email: who.email,
    });
    expect(detail.transaction_id).toMatch(/^SBXTXN/);
    expect(detail.expected_delivery.from <= detail.expected_delivery.to).toBe(true);
    expect(detail.order_total).toBe(detail.items_total + detail.shipping + detail.vat);
  });
});

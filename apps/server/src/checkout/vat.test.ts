// VAT by product (issue 23): each product's tax type decides its line's VAT, delivery is taxed as
// B, and the shop's setting prices_include_vat (first PRICES_INCLUDE_VAT, issue 33) turns VAT on
// top into VAT contained in the price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutTotals } from '@duka/domain';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import {
  createPayment,
  fillCheckoutSteps,
  product,
  putInCart,
} from '../../test/checkout-fixture.ts';
import { orderItems, orders } from '../orders/schema.ts';

let t: TestContext;
let inclusive: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  [t, inclusive] = await Promise.all([
    createTestApp(),
    createTestApp({ PRICES_INCLUDE_VAT: 'true' }),
  ]);
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await inclusive.close();
});

const setTax = (ctx: TestContext, who: LoggedIn, id: number, payload: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}/tax`,
    headers: who.auth,
    payload,
  });

describe('tax types', () => {
  it("decide each line's VAT; delivery is B; the order keeps each line's type", async () => {
    const bread = await product(t.db, { priceCents: 10_000, stock: 10, title: 'Bread' });
    const book = await product(t.db, { priceCents: 100_000, stock: 10, title: 'Book' });
    const kettle = await product(t.db, { priceCents: 200_000, stock: 10, title: 'Kettle' });
    expect((await setTax(t, boss, bread, { tax_type: 'A' })).json().tax_type).toBe('A');
    await setTax(t, boss, book, { tax_type: 'C' });

    const who = await shopper(t.app);
    await putInCart(t.db, who.id, bread, 3);
    await putInCart(t.db, who.id, book, 1);
    await putInCart(t.db, who.id, kettle, 1);
    await fillCheckoutSteps(t.app, who);
    const summary = (
      await t.app.inject({ url: '/api/checkout/summary', headers: who.auth })
    ).json();
    // Only the kettle (2,000) and delivery (50) carry VAT: 16 % of 2,050 = 328.
    expect(summary).toMatchObject({ vatCents: 32_800, pricesIncludeVat: false });
    expect(summary.vatCents).toBe(
      checkoutTotals([
        { unitPriceCents: 10_000, quantity: 3, taxType: 'A' },
        { unitPriceCents: 100_000, quantity: 1, taxType: 'C' },
        { unitPriceCents: 200_000, quantity: 1, taxType: 'B' },
      ]).vatCents,
    );

    const orderId = (await createPayment(t.app, who)).json().order_id as number;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ vatCents: 32_800, totalCents: 335_000 + 32_800 });
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(Object.fromEntries(lines.map((l) => [l.title, l.taxType]))).toEqual({
      Bread: 'A',
      Book: 'C',
      Kettle: 'B',
    });
  });

  it('with prices including VAT, the total is items + delivery and the VAT is inside it', async () => {
    const who = await shopper(inclusive.app);
    const kettle = await product(inclusive.db, { priceCents: 116_000, stock: 5 });
    await putInCart(inclusive.db, who.id, kettle, 1);
    await fillCheckoutSteps(inclusive.app, who);
    const summary = (
      await inclusive.app.inject({ url: '/api/checkout/summary', headers: who.auth })
    ).json();
    // 1,160 + 50 = 1,210, of which VAT is 1,210 × 16/116 = 166.90 → 167.
    expect(summary).toMatchObject({
      pricesIncludeVat: true,
      totalCents: 121_000,
      vatCents: 16_700,
      beforeTaxCents: 104_300,
    });
    const orderId = (await createPayment(inclusive.app, who)).json().order_id as number;
    const [order] = await inclusive.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ totalCents: 121_000, vatCents: 16_700, pricesIncludeVat: true });
  });

  it('and classifications are set by admins only, with the category as the fallback', async () => {
    const id = await product(t.db, { priceCents: 10_000, stock: 1 });
    const cat = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/categories/test-goods/tax',
      headers: boss.auth,
      payload: { item_class_code: '5020230201' },
    });
    expect(cat.statusCode).toBe(200);
    const inherited = (
      await t.app.inject({ url: `/api/admin/products/${id}/tax`, headers: boss.auth })
    ).json();
    expect(inherited).toMatchObject({
      item_class_code: null,
      effective_item_class_code: '5020230201',
    });
    const own = await setTax(t, boss, id, { item_class_code: '5010150100' });
    expect(own.json().effective_item_class_code).toBe('5010150100');

    const bad = await setTax(t, boss, id, { tax_type: 'F', item_class_code: 'bread' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['item_class_code', 'tax_type']);
    const who = await shopper(t.app);
    expect((await setTax(t, who, id, { tax_type: 'A' })).statusCode).toBe(403);
    expect((await setTax(t, boss, 999_999, { tax_type: 'A' })).statusCode).toBe(404);
  });
});

describe('prices including VAT, as the shop settings say', () => {
  const setting = async (ctx: TestContext, who: LoggedIn, on?: boolean) => {
    const current = (
      await ctx.app.inject({ url: '/api/admin/settings', headers: who.auth })
    ).json();
    if (on === undefined) return current.prices_include_vat as boolean;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: who.auth,
      payload: { ...current, prices_include_vat: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    return on;
  };

  it('start as PRICES_INCLUDE_VAT said on the first start; after that, Settings decides', async () => {
    const owner = await admin(inclusive.app, inclusive.db);
    expect(await setting(inclusive, owner)).toBe(true);
    expect(await setting(t, boss)).toBe(false);
    await setting(inclusive, owner, false);
    // Another start with the same environment does not take the merchant's choice back.
    const restarted = await secondInstance(inclusive);
    try {
      expect((await restarted.inject('/api/settings')).json().prices_include_vat).toBe(false);
    } finally {
      await restarted.close();
      await setting(inclusive, owner, true);
    }
  });

  it('switched on, price a new order as the environment did; orders made before keep theirs', async () => {
    const kettle = await product(t.db, { priceCents: 116_000, stock: 10 });
    const order = async () => {
      const who = await shopper(t.app);
      await putInCart(t.db, who.id, kettle, 1);
      await fillCheckoutSteps(t.app, who);
      const summary = (
        await t.app.inject({ url: '/api/checkout/summary', headers: who.auth })
      ).json();
      const orderId = (await createPayment(t.app, who)).json().order_id as number;
      return { summary, orderId };
    };
    const figures = async (orderId: number) =>
      (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];

    // VAT on top: 1,160 + 50 = 1,210, and 16 % of it (193.60, to the shilling 194) added.
    const onTop = await order();
    expect(onTop.summary).toMatchObject({ pricesIncludeVat: false, totalCents: 140_400 });
    await setting(t, boss, true);
    try {
      const inside = await order();
      // As the inclusive shop above: 1,210 in all, of which VAT is 167.
      expect(inside.summary).toMatchObject({
        pricesIncludeVat: true,
        totalCents: 121_000,
        vatCents: 16_700,
        beforeTaxCents: 104_300,
      });
      expect(await figures(inside.orderId)).toMatchObject({
        totalCents: 121_000,
        vatCents: 16_700,
        pricesIncludeVat: true,
      });
      expect(await figures(onTop.orderId)).toMatchObject({
        totalCents: 140_400,
        vatCents: 19_400,
        pricesIncludeVat: false,
      });
    } finally {
      await setting(t, boss, false);
    }
  });
});

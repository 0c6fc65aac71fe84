// One cart line holds at most MAX_UNITS_PER_LINE units: when added, when changed, and when the cart
// is made into an order (a line from before the cap, or put there some other way, is not bought
// above it). Each line says how far it may grow (`max_quantity`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { shopper, type LoggedIn } from '../../test/accounts.ts';
import {
  createPayment,
  fillCheckoutSteps,
  product,
  putInCart,
  stockOf,
} from '../../test/checkout-fixture.ts';
import { products } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';

const cartOf = async (t: TestContext, who: LoggedIn) =>
  (await t.app.inject({ url: '/api/cart', headers: who.auth })).json() as {
    product_id: number;
    quantity: number;
    max_quantity: number;
  }[];
const add = (t: TestContext, who: LoggedIn, product_id: number, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: who.auth,
    payload: { product_id, quantity },
  });
const change = (t: TestContext, who: LoggedIn, productId: number, quantity: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/cart/${productId}`,
    headers: who.auth,
    payload: { quantity },
  });

describe('the per-line cap at its default of 10', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes 10 units of a well-stocked product and refuses 11, adding or changing', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 500 });
    const a = await shopper(t.app);
    const eleven = await add(t, a, p, 11);
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json()).toEqual({
      error: 'You can buy at most 10 of this item per order.',
      code: 'QUANTITY_CAP',
    });
    expect(await cartOf(t, a)).toEqual([]); // the refused add left nothing behind

    expect((await add(t, a, p, 10)).statusCode).toBe(201);
    const more = await change(t, a, p, 11);
    expect(more.statusCode).toBe(422);
    expect(more.json().error).toBe('You can buy at most 10 of this item per order.');
    expect((await change(t, a, p, 2_000_000)).json().code).toBe('QUANTITY_CAP');
    expect((await cartOf(t, a))[0]!.quantity).toBe(10); // unchanged

    expect((await change(t, a, p, 7)).json().item).toMatchObject({ quantity: 7, max_quantity: 10 });
  });

  it('tells the stock rather than the cap when the stock is the tighter limit', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 4 });
    const a = await shopper(t.app);
    const res = await add(t, a, p, 12);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Only 4 left in stock.', code: 'NOT_ENOUGH_STOCK' });
  });

  it('gives each line its max_quantity: the stock, never more than the cap', async () => {
    const plenty = await product(t.db, { priceCents: 10_000, stock: 500 });
    const few = await product(t.db, { priceCents: 10_000, stock: 3 });
    const exactly = await product(t.db, { priceCents: 10_000, stock: 10 });
    const a = await shopper(t.app);
    for (const p of [plenty, few, exactly]) expect((await add(t, a, p, 1)).statusCode).toBe(201);
    expect((await cartOf(t, a)).map((l) => [l.product_id, l.max_quantity])).toEqual([
      [plenty, 10],
      [few, 3],
      [exactly, 10],
    ]);
    // It follows the stock as it moves.
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, few));
    expect((await cartOf(t, a)).find((l) => l.product_id === few)!.max_quantity).toBe(0);
  });

  it('refuses to check out a line above the cap, and reserves nothing', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 50 });
    const a = await shopper(t.app);
    await putInCart(t.db, a.id, p, 12); // as a cart from before the cap could hold
    await fillCheckoutSteps(t.app, a);
    const res = await createPayment(t.app, a);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'You can buy at most 10 of this item per order.',
      code: 'QUANTITY_CAP',
    });
    expect(await stockOf(t.db, p)).toBe(50);
    expect(await t.db.select().from(orders).where(eq(orders.userId, a.id))).toEqual([]);

    // Brought down to the cap, the same cart checks out.
    expect((await change(t, a, p, 10)).statusCode).toBe(200);
    expect((await createPayment(t.app, a)).statusCode).toBe(200);
    expect(await stockOf(t.db, p)).toBe(40);
  });
});

describe('the per-line cap set to 3', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ MAX_UNITS_PER_LINE: '3' });
  });
  afterAll(() => t.close());

  it('follows the setting in what it allows, what it says and max_quantity', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 500 });
    const a = await shopper(t.app);
    const four = await add(t, a, p, 4);
    expect(four.statusCode).toBe(422);
    expect(four.json()).toEqual({
      error: 'You can buy at most 3 of this item per order.',
      code: 'QUANTITY_CAP',
    });
    expect((await add(t, a, p, 3)).json().item).toMatchObject({ quantity: 3, max_quantity: 3 });
    expect((await change(t, a, p, 4)).json().error).toBe(
      'You can buy at most 3 of this item per order.',
    );

    const q = await product(t.db, { priceCents: 10_000, stock: 50 });
    await putInCart(t.db, a.id, q, 5);
    await fillCheckoutSteps(t.app, a);
    expect((await createPayment(t.app, a)).json().error).toBe(
      'You can buy at most 3 of this item per order.',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CART_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (options: InjectOptions) => t.app.inject(options);
const cart = (who: LoggedIn) => call({ url: '/api/cart', headers: who.auth }).then((r) => r.json());
const wishlist = (who: LoggedIn) =>
  call({ url: '/api/wishlist', headers: who.auth }).then((r) => r.json());
const addToCart = (who: LoggedIn, payload: object) =>
  call({ method: 'POST', url: '/api/cart', headers: who.auth, payload });
const addToWishlist = (who: LoggedIn, payload: object) =>
  call({ method: 'POST', url: '/api/wishlist', headers: who.auth, payload });

describe('cart and wishlist', () => {
  it('refuse every call without a token', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/api/cart' },
      { method: 'POST', url: '/api/cart', payload: { product_id: 1, quantity: 1 } },
      { method: 'PATCH', url: '/api/cart/1', payload: { quantity: 2 } },
      { method: 'DELETE', url: '/api/cart/1' },
      { method: 'GET', url: '/api/wishlist' },
      { method: 'POST', url: '/api/wishlist', payload: { product_id: 1 } },
      { method: 'DELETE', url: '/api/wishlist/1' },
    ];
    for (const options of calls)
      expect((await call(options)).statusCode, `${options.method} ${options.url}`).toBe(401);
  });

  it('add a line priced by the catalogue, ignoring a tampered price and user id', async () => {
    const p = await product(t.db, {
      priceCents: 250_000,
      discountBp: 1_250,
      stock: 9,
      title: 'Mvule stool',
    });
    const a = await shopper(t.app);
    const b = await shopper(t.app);
    const res = await addToCart(a, { product_id: p, quantity: 2, price: 1, user_id: b.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CART_MESSAGES.addedToCart);
    expect(await cart(a)).toEqual([
      {
        id: expect.any(Number),
        product_id: p,
        user_id: a.id,
        title: 'Mvule stool',
        variant_id: expect.any(Number),
        variant: '',
        image: '/images/products/test.webp',
        price: 250_000,
        discount_percentage: 12.5,
        stock: 9,
        quantity: 2,
        max_quantity: 9,
      },
    ]);
    expect(await cart(b)).toEqual([]);
  });

  it('answer 409 with the spec message for a duplicate', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 5 });
    const a = await shopper(t.app);
    await addToCart(a, { product_id: p, quantity: 1 });
    const again = await addToCart(a, { product_id: p, quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Item is already in your cart.');
    await addToWishlist(a, { product_id: p });
    const twice = await addToWishlist(a, { product_id: p });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Item is already in your wishlist.');
  });

  it('keep quantities whole, at least 1 and at most the stock', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 3 });
    const plenty = await product(t.db, { priceCents: 10_000, stock: 500 });
    const sold = await product(t.db, { priceCents: 10_000, stock: 0 });
    const a = await shopper(t.app);
    for (const quantity of [0, -1, 1.5, 'two', '2', true, null]) {
      const res = await addToCart(a, { product_id: p, quantity });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json().fields.quantity).toBe('Quantity must be a whole number of at least 1');
    }
    const tooMany = await addToCart(a, { product_id: p, quantity: 4 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      error: 'Only 3 left in stock.',
      code: 'NOT_ENOUGH_STOCK',
    });
    const none = await addToCart(a, { product_id: sold, quantity: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ error: 'This product is out of stock.' });
    expect(await cart(a)).toEqual([]); // refused adds leave nothing behind

    expect((await addToCart(a, { product_id: plenty, quantity: 10 })).statusCode).toBe(201);
    expect((await addToCart(a, { product_id: p, quantity: 3 })).statusCode).toBe(201);
    // Already there: the 409 wins over a stock complaint.
    expect((await addToCart(a, { product_id: p, quantity: 4 })).statusCode).toBe(409);
    const patch = (quantity: unknown) =>
      call({ method: 'PATCH', url: `/api/cart/${p}`, headers: a.auth, payload: { quantity } });
    expect((await patch(4)).statusCode).toBe(422);
    expect((await patch(0)).statusCode).toBe(400);
    expect((await patch('1')).statusCode).toBe(400);
    expect((await cart(a)).find((l: { product_id: number }) => l.product_id === p).quantity).toBe(
      3,
    );
    expect((await patch(1)).json().item.quantity).toBe(1);
    expect(
      (await cart(a)).map((l: { product_id: number; quantity: number }) => [
        l.product_id,
        l.quantity,
      ]),
    ).toEqual([
      [plenty, 10],
      [p, 1],
    ]);
  });

  it('answer 400 for a product id that is not one', async () => {
    const a = await shopper(t.app);
    for (const product_id of [0, -3, 2.5, 'abc', 2 ** 31]) {
      const res = await addToCart(a, { product_id, quantity: 1 });
      expect(res.statusCode, String(product_id)).toBe(400);
    }
    expect(
      (await call({ method: 'DELETE', url: '/api/cart/abc', headers: a.auth })).statusCode,
    ).toBe(400);
    expect((await addToWishlist(a, {})).statusCode).toBe(400);
  });

  it('answer 404 for an unknown product and for removing what is not there', async () => {
    const a = await shopper(t.app);
    expect((await addToCart(a, { product_id: 999_999, quantity: 1 })).statusCode).toBe(404);
    expect((await addToWishlist(a, { product_id: 999_999 })).statusCode).toBe(404);
    expect(
      (await call({ method: 'DELETE', url: '/api/cart/999999', headers: a.auth })).statusCode,
    ).toBe(404);
  });

  it("never let shopper A read or change shopper B's lists, whatever ids are sent", async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 5 });
    const q = await product(t.db, { priceCents: 20_000, stock: 5 });
    const a = await shopper(t.app);
    const b = await shopper(t.app);
    await addToCart(b, { product_id: p, quantity: 2 });
    await addToWishlist(b, { product_id: q });
    const bCartLine = (await cart(b))[0];

    // A removing or changing "their" product touches only A's own lists.
    expect(
      (await call({ method: 'DELETE', url: `/api/cart/${p}`, headers: a.auth })).statusCode,
    ).toBe(404);
    expect(
      (await call({ method: 'DELETE', url: `/api/cart/${bCartLine.id}`, headers: a.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call({
          method: 'PATCH',
          url: `/api/cart/${p}`,
          headers: a.auth,
          payload: { quantity: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call({ method: 'DELETE', url: `/api/wishlist/${q}`, headers: a.auth })).statusCode,
    ).toBe(404);
    await addToCart(a, { product_id: q, quantity: 1, user_id: b.id });
    await addToWishlist(a, { product_id: p, user_id: b.id });

    expect(
      (await cart(b)).map((l: { product_id: number; quantity: number }) => [
        l.product_id,
        l.quantity,
      ]),
    ).toEqual([[p, 2]]);
    expect((await wishlist(b)).map((l: { product_id: number }) => l.product_id)).toEqual([q]);
    expect((await cart(a)).map((l: { user_id: number }) => l.user_id)).toEqual([a.id]);
    expect((await wishlist(a)).map((l: { user_id: number }) => l.user_id)).toEqual([a.id]);

    // Asking for B's lists by id in the query still answers with A's own.
    for (const url of [`/api/cart?user_id=${b.id}`, `/api/wishlist?user_id=${b.id}`]) {
      const res = await call({ url, headers: a.auth });
      expect(
        res.json().every((l: { user_id: number }) => l.user_id === a.id),
        url,
      ).toBe(true);
    }
  });

  it('move a product between cart and wishlist: it is never in both', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 5 });
    const a = await shopper(t.app);
    await addToWishlist(a, { product_id: p });
    await addToCart(a, { product_id: p, quantity: 1 });
    expect(await wishlist(a)).toEqual([]);
    expect((await cart(a)).length).toBe(1);
    await addToWishlist(a, { product_id: p });
    expect(await cart(a)).toEqual([]);
    expect((await wishlist(a)).length).toBe(1);
  });

  it('keep cart and wishlist exclusive under concurrent requests', async () => {
    const a = await shopper(t.app);
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => product(t.db, { priceCents: 10_000, stock: 5 })),
    );
    await Promise.all(
      ids.flatMap((id) => [
        addToCart(a, { product_id: id, quantity: 1 }),
        addToWishlist(a, { product_id: id }),
      ]),
    );
    await Promise.all(
      ids.flatMap((id) => [
        addToWishlist(a, { product_id: id }),
        addToCart(a, { product_id: id, quantity: 1 }),
      ]),
    );
    const inCart = new Set((await cart(a)).map((l: { product_id: number }) => l.product_id));
    const inWishlist = new Set(
      (await wishlist(a)).map((l: { product_id: number }) => l.product_id),
    );
    for (const id of ids)
      expect(inCart.has(id) && inWishlist.has(id), `product ${id} in both`).toBe(false);
    for (const id of ids)
      expect(inCart.has(id) || inWishlist.has(id), `product ${id} in neither`).toBe(true);
  });

  it('let only one of several simultaneous adds of one product through', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 5 });
    const a = await shopper(t.app);
    const carts = await Promise.all(
      Array.from({ length: 6 }, () => addToCart(a, { product_id: p, quantity: 1 })),
    );
    expect(carts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const wishes = await Promise.all(
      Array.from({ length: 6 }, () => addToWishlist(a, { product_id: p })),
    );
    expect(wishes.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await cart(a)).toEqual([]);
    expect((await wishlist(a)).length).toBe(1);
  });

  it('remove lines with the spec messages', async () => {
    const p = await product(t.db, { priceCents: 10_000, stock: 5 });
    const a = await shopper(t.app);
    await addToCart(a, { product_id: p, quantity: 1 });
    const removed = await call({ method: 'DELETE', url: `/api/cart/${p}`, headers: a.auth });
    expect(removed.json()).toEqual({ message: CART_MESSAGES.removedFromCart });
    await addToWishlist(a, { product_id: p });
    const gone = await call({ method: 'DELETE', url: `/api/wishlist/${p}`, headers: a.auth });
    expect(gone.json()).toEqual({ message: CART_MESSAGES.removedFromWishlist });
    expect(await cart(a)).toEqual([]);
    expect(await wishlist(a)).toEqual([]);
  });
});

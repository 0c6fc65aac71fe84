// Changing what a product is sold in after it was made (issue 21): a variant added with a new
// value, a variant taken off sale (deleted, or archived when an order names it), the options of a
// product replaced; the product's totals and the option facets follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Product } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product, putInCart } from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { productVariants } from './schema.ts';
import { cartItems } from '../cart/schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

let made = 0;
async function sandal(): Promise<Product> {
  const n = ++made;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title: `Kazuri sandal ${n}`,
      brand: 'Kazuri',
      description: 'Beaded.',
      category: 'womens-shoes',
      price: 240_000,
      images: ['/images/products/test.webp'],
      sku: `KAZ-${n}`,
      options: [{ name: 'Size', values: ['38', '39'] }],
      variants: [
        { options: { Size: '38' }, stock: 3 },
        { options: { Size: '39' }, stock: 4 },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().product;
}

const call = (method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin/products${url}`,
    headers: boss.auth,
    ...(payload ? { payload } : {}),
  });
const facets = async (category: string) =>
  (await t.app.inject({ url: `/api/products/options?category=${category}` })).json();

describe('POST /api/admin/products/{id}/variants', () => {
  it('adds a size: the option gains the value, the stock and the facets follow', async () => {
    const p = await sandal();
    const res = await call('POST', `/${p.id}/variants`, { options: { Size: '40' }, stock: 6 });
    expect(res.statusCode, res.body).toBe(201);
    const after: Product = res.json();
    expect(after.options).toEqual([{ name: 'Size', values: ['38', '39', '40'] }]);
    expect(after.variants.at(-1)).toMatchObject({
      title: '40',
      sku: `${p.sku}-40`,
      stock: 6,
      price: 240_000,
    });
    expect(after.stock).toBe(13);
    const sizes = (await facets('womens-shoes')).find((f: { name: string }) => f.name === 'Size');
    expect(sizes.values).toEqual(
      expect.arrayContaining([{ value: '40', count: expect.any(Number) }]),
    );
  });

  it('refuses the same combination, a SKU on sale, a missing option, and a product without options', async () => {
    const p = await sandal();
    const twice = await call('POST', `/${p.id}/variants`, { options: { Size: '38' }, stock: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ options: 'Another variant has these values.' });
    const taken = await call('POST', `/${p.id}/variants`, {
      options: { Size: '41' },
      stock: 1,
      sku: p.variants[0]!.sku,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.sku).toContain('already has the SKU');
    const wrong = await call('POST', `/${p.id}/variants`, { options: { Colour: 'Red' }, stock: 1 });
    expect(wrong.statusCode).toBe(400);
    const plain = await product(t.db, { priceCents: 10_000, stock: 2 });
    const none = await call('POST', `/${plain}/variants`, { options: { Size: '1' }, stock: 1 });
    expect(none.statusCode).toBe(422);
    const again: Product = (await t.app.inject({ url: `/api/products/${p.id}` })).json();
    expect(again.variants).toHaveLength(2); // nothing changed
  });
});

describe('DELETE /api/admin/products/{id}/variants/{variantId}', () => {
  it('deletes a variant nobody ordered, and the value leaves the option', async () => {
    const p = await sandal();
    const [v38] = p.variants;
    const res = await call('DELETE', `/${p.id}/variants/${v38!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ options: [{ name: 'Size', values: ['39'] }], stock: 4 });
    expect(
      await t.db.select().from(productVariants).where(eq(productVariants.id, v38!.id)),
    ).toEqual([]);
  });

  it('archives a variant an order names: the order keeps it, carts lose it, its SKU is free again', async () => {
    const p = await sandal();
    const [v38, v39] = p.variants;
    const buyer = await shopper(t.app);
    await insertOrder(t.db, {
      userId: buyer.id,
      productId: p.id,
      variantId: v38!.id,
      status: 'paid',
      totalCents: 240_000,
    });
    const other = await shopper(t.app);
    await putInCart(t.db, other.id, p.id, 1, v38!.id);
    const res = await call('DELETE', `/${p.id}/variants/${v38!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [archived] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, v38!.id));
    expect(archived!.archivedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.variantId, v38!.id))).toEqual([]);
    const after: Product = res.json();
    expect(after.variants.map((v) => v.id)).toEqual([v39!.id]);
    expect(after.stock).toBe(4);
    // Another variant may now carry the archived one's SKU.
    const reuse = await call('POST', `/${p.id}/variants`, {
      options: { Size: '38' },
      stock: 2,
      sku: v38!.sku,
    });
    expect(reuse.statusCode, reuse.body).toBe(201);
  });

  it('keeps the last variant on sale', async () => {
    const p = await sandal();
    await call('DELETE', `/${p.id}/variants/${p.variants[0]!.id}`);
    const last = await call('DELETE', `/${p.id}/variants/${p.variants[1]!.id}`);
    expect(last.statusCode).toBe(422);
    expect(last.json().code).toBe('LAST_VARIANT');
  });
});

describe('PUT /api/admin/products/{id}/options', () => {
  it('gives a plain product sizes: its one variant leaves sale, archived as an order names it', async () => {
    const plain = await product(t.db, { priceCents: 150_000, stock: 9 });
    const before: Product = (await t.app.inject({ url: `/api/products/${plain}` })).json();
    const buyer = await shopper(t.app);
    await insertOrder(t.db, {
      userId: buyer.id,
      productId: plain,
      variantId: before.variants[0]!.id,
      status: 'paid',
      totalCents: 150_000,
    });
    const res = await call('PUT', `/${plain}/options`, {
      options: [{ name: 'Size', values: ['36', '37'] }],
      variants: [
        { options: { Size: '36' }, stock: 2 },
        { options: { Size: '37' }, stock: 5, price: 160_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: Product = res.json();
    expect(after.options).toEqual([{ name: 'Size', values: ['36', '37'] }]);
    expect(after.variants.map((v) => [v.title, v.stock, v.price])).toEqual([
      ['36', 2, 150_000],
      ['37', 5, 160_000],
    ]);
    expect(after.stock).toBe(7);
    const [old] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, before.variants[0]!.id));
    expect(old!.archivedAt).toBeInstanceOf(Date);
  });

  it('refuses options and variants that disagree, changing nothing', async () => {
    const p = await sandal();
    const res = await call('PUT', `/${p.id}/options`, {
      options: [{ name: 'Size', values: ['38'] }],
      variants: [{ options: { Size: '99' }, stock: 1 }],
    });
    expect(res.statusCode).toBe(400);
    const again: Product = (await t.app.inject({ url: `/api/products/${p.id}` })).json();
    expect(again.variants.map((v) => v.id)).toEqual(p.variants.map((v) => v.id));
  });

  it('is for administrators', async () => {
    const p = await sandal();
    const buyer = await shopper(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${p.id}/variants/${p.variants[0]!.id}`,
      headers: buyer.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the product's own SKU", () => {
  it('stays when the option or its values are renamed, or when one size is left', async () => {
    const p = await sandal();
    const replace = (name: string, values: string[]) =>
      call('PUT', `/${p.id}/options`, {
        options: [{ name, values }],
        variants: values.map((v, i) => ({ options: { [name]: v }, stock: i + 1 })),
      });
    const renamed = await replace('EU size', ['38', '39']);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().sku).toBe(p.sku);
    const values = await replace('EU size', ['38½', '39½']);
    expect(values.json().sku).toBe(p.sku);
    expect(values.json().variants.map((v: { sku: string }) => v.sku)).toEqual([
      `${p.sku}-38`,
      `${p.sku}-39`,
    ]);
    const one = await call('DELETE', `/${p.id}/variants/${values.json().variants[0].id}`);
    expect(one.json().sku).toBe(p.sku);
    // Its next size is still named after the product.
    const added = await call('POST', `/${p.id}/variants`, {
      options: { 'EU size': '40' },
      stock: 1,
    });
    expect(added.json().variants.at(-1).sku).toBe(`${p.sku}-40`);
  });

  it('of a product sold as it is still follows its one variant', async () => {
    const plain = await product(t.db, { priceCents: 10_000, stock: 2 });
    const before: Product = (await t.app.inject({ url: `/api/products/${plain}` })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${plain}/variants/${before.variants[0]!.id}`,
      headers: boss.auth,
      payload: { sku: 'PLAIN-NEW' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: Product = (await t.app.inject({ url: `/api/products/${plain}` })).json();
    expect(after.sku).toBe('PLAIN-NEW');
  });
});

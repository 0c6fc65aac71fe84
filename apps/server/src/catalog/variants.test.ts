// Sizes and colours (issue 21): a product sold in variants, each with its own SKU, price and
// stock; the cart, checkout and orders take the variant chosen; the last unit of one size is sold
// once across two instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Product } from '@duka/domain';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import {
  approveSandbox,
  createPayment,
  execute,
  fillCheckoutSteps,
  product,
  stockOf,
} from '../../test/checkout-fixture.ts';
import { orderItems, orders } from '../orders/schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

let made = 0;

/** A shoe in sizes 40–42 and two colours; 42 / White is not sold, 41 / White is sold out. */
async function shoe(over: Record<string, unknown> = {}): Promise<Product> {
  const n = ++made;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title: `Trail runner ${n}`,
      brand: 'Bata',
      description: 'A running shoe.',
      category: 'mens-shoes',
      price: 450_000,
      images: ['/images/products/test.webp'],
      sku: `RUN-${n}`,
      options: [
        { name: 'Size', values: ['40', '41', '42'] },
        { name: 'Colour', values: ['Black', 'White'] },
      ],
      variants: [
        { options: { Size: '40', Colour: 'Black' }, stock: 3 },
        { options: { Size: '40', Colour: 'White' }, stock: 2, price: 420_000 },
        { options: { Size: '41', Colour: 'Black' }, stock: 1, sku: `RUN-${n}-41B` },
        { options: { Size: '41', Colour: 'White' }, stock: 0 },
        { options: { Size: '42', Colour: 'Black' }, stock: 5, discountPercentage: 20 },
      ],
      ...over,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().product;
}

const variantNamed = (p: Product, title: string) => p.variants.find((v) => v.title === title)!;
const productPage = async (id: number): Promise<Product> =>
  (await t.app.inject(`/api/products/${id}`)).json();

const addToCart = (who: LoggedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/cart', headers: who.auth, payload });
const cartOf = async (who: LoggedIn) =>
  (await t.app.inject({ url: '/api/cart', headers: who.auth })).json();

describe('a product in sizes and colours', () => {
  it('is made with its options and one variant per combination, each with its SKU, price and stock', async () => {
    const p = await shoe();
    expect(p.options).toEqual([
      { name: 'Size', values: ['40', '41', '42'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ]);
    expect(p.variants.map((v) => [v.title, v.sku, v.price, v.discountPercentage, v.stock])).toEqual(
      [
        ['40 / Black', `${p.sku}-40-BLACK`, 450_000, 0, 3],
        ['40 / White', `${p.sku}-40-WHITE`, 420_000, 0, 2],
        ['41 / Black', `${p.sku}-41B`, 450_000, 0, 1],
        ['41 / White', `${p.sku}-41-WHITE`, 450_000, 0, 0],
        ['42 / Black', `${p.sku}-42-BLACK`, 450_000, 20, 5],
      ],
    );
    expect(variantNamed(p, '41 / Black').options).toEqual({ Size: '41', Colour: 'Black' });
    // The card: the whole stock, and the cheapest variant's price (42 / Black at 20 % off).
    expect(p).toMatchObject({ stock: 11, price: 450_000, discountPercentage: 20 });
  });

  it('refuses variants that do not match the options, a SKU given twice or already on sale', async () => {
    const bad = async (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: boss.auth,
        payload: {
          title: 'Dress',
          brand: 'Kiko',
          description: 'A dress.',
          category: 'womens-dresses',
          price: 200_000,
          images: ['/images/products/test.webp'],
          options: [{ name: 'Size', values: ['S', 'M'] }],
          ...payload,
        },
      });
    const unknownValue = await bad({ variants: [{ options: { Size: 'XXL' }, stock: 1 }] });
    expect(unknownValue.statusCode).toBe(400);
    expect(Object.keys(unknownValue.json().fields)).toContain('variants.0.options');
    const twice = await bad({
      variants: [
        { options: { Size: 'S' }, stock: 1 },
        { options: { Size: 'S' }, stock: 1 },
      ],
    });
    expect(Object.keys(twice.json().fields)).toContain('variants.1.options');
    expect((await bad({ variants: [] })).statusCode).toBe(400);
    const existing = await shoe();
    const taken = await bad({
      variants: [
        { options: { Size: 'S' }, stock: 1 },
        { options: { Size: 'M' }, stock: 1, sku: existing.variants[0]!.sku },
      ],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields['variants.1.sku']).toContain(existing.variants[0]!.sku);
    const shopperTries = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: (await shopper(t.app)).auth,
      payload: {},
    });
    expect(shopperTries.statusCode).toBe(403);
  });

  it("lets the admin change one variant's price, stock and SKU; the card follows", async () => {
    const p = await shoe();
    const v = variantNamed(p, '40 / White');
    const patch = (payload: object, variantId = v.id, productId = p.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${productId}/variants/${variantId}`,
        headers: boss.auth,
        payload,
      });
    const cheaper = await patch({ price: 100_000, stock: 9 });
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json()).toMatchObject({ price: 100_000, discountPercentage: 0, stock: 18 });
    expect(variantNamed(cheaper.json(), '40 / White')).toMatchObject({ price: 100_000, stock: 9 });
    const clash = await patch({ sku: p.variants[0]!.sku });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.sku).toBeDefined();
    expect((await patch({ stock: -1 })).statusCode).toBe(400);
    const other = await shoe();
    expect((await patch({ stock: 1 }, other.variants[0]!.id)).statusCode).toBe(404);
    const asShopper = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${p.id}/variants/${v.id}`,
      headers: (await shopper(t.app)).auth,
      payload: { stock: 1 },
    });
    expect(asShopper.statusCode).toBe(403);
    // SPEC's one-field edit: a price for every variant, but stock only per variant.
    const edit = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/products/${p.id}`, headers: boss.auth, payload });
    expect((await edit({ stock: 4 })).statusCode).toBe(422);
    const everyPrice = (await edit({ price: 300_000 })).json() as Product;
    expect(new Set(everyPrice.variants.map((x) => x.price))).toEqual(new Set([300_000]));
  });

  it('keeps a product without options working as one variant, SPEC edits included', async () => {
    const id = await product(t.db, { priceCents: 10_000, stock: 4 });
    const before = await productPage(id);
    expect(before.options).toEqual([]);
    expect(before.variants).toEqual([
      expect.objectContaining({ title: '', sku: before.sku, price: 10_000, stock: 4 }),
    ]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: boss.auth,
      payload: { stock: 7 },
    });
    expect((await productPage(id)).variants[0]).toMatchObject({ stock: 7 });
    const who = await shopper(t.app);
    expect((await addToCart(who, { product_id: id, quantity: 1 })).statusCode).toBe(201);
  });
});

describe('option filters and facets', () => {
  const facets = async (category: string) =>
    (await t.app.inject(`/api/products/options?category=${category}`)).json();
  const listed = async (query: string) => {
    const page = (await t.app.inject(`/api/products?${query}`)).json();
    return { ids: page.products.map((p: { id: number }) => p.id), total: page.total };
  };

  it('lists products with a variant in stock having every value asked, counted without counting', async () => {
    const a = await shoe({ category: 'facet-shoes' });
    const b = await shoe({
      category: 'facet-shoes',
      variants: [
        { options: { Size: '40', Colour: 'Black' }, stock: 0 },
        { options: { Size: '41', Colour: 'White' }, stock: 2 },
      ],
    });
    expect(await facets('facet-shoes')).toEqual([
      {
        name: 'Size',
        values: [
          { value: '40', count: 1 },
          { value: '41', count: 2 },
          { value: '42', count: 1 },
        ],
      },
      {
        name: 'Colour',
        values: [
          { value: 'Black', count: 1 },
          { value: 'White', count: 2 },
        ],
      },
    ]);
    expect(await listed('category=facet-shoes&option=Size:41')).toEqual({
      ids: [a.id, b.id],
      total: 2,
    });
    // One variant must have both: a's 41 / White is sold out.
    expect(await listed('category=facet-shoes&option=Size:41&option=Colour:White')).toEqual({
      ids: [b.id],
      total: 1,
    });
    expect((await listed('option=Size:40&option=Colour:White')).ids).toContain(a.id);

    // b's last 41 / White sells out: the counters follow in the same transaction.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${b.id}/variants/${variantNamed(b, '41 / White').id}`,
      headers: boss.auth,
      payload: { stock: 0 },
    });
    const after = await facets('facet-shoes');
    expect(after[0].values).toEqual([
      { value: '40', count: 1 },
      { value: '41', count: 1 },
      { value: '42', count: 1 },
    ]);
    expect((await listed('category=facet-shoes&option=Size:41&option=Colour:White')).ids).toEqual(
      [],
    );

    // a moves to another category: its values go with it.
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${a.id}`,
      headers: boss.auth,
      payload: {
        title: a.title,
        brand: a.brand,
        description: a.description,
        category: 'facet-boots',
        tags: [],
        images: a.images,
        sku: a.sku,
        price: a.price,
        discountPercentage: a.discountPercentage,
        stock: a.stock,
        weight: 0,
        dimensions: { width: 0, height: 0, depth: 0 },
        warrantyInformation: '',
        shippingInformation: '',
        returnPolicy: '',
      },
    });
    expect(await facets('facet-shoes')).toEqual([]);
    expect((await facets('facet-boots'))[0].values.map((v: { value: string }) => v.value)).toEqual([
      '40',
      '41',
      '42',
    ]);
    expect((await t.app.inject('/api/products?option=Size')).statusCode).toBe(400);
  });
});

describe('the low-stock list', () => {
  it('lists the variants running out, the fewest first, to admins only', async () => {
    const p = await shoe();
    const list = async (query: string, who = boss) =>
      t.app.inject({ url: `/api/admin/low-stock${query}`, headers: who.auth });
    const res = await list('?threshold=1&limit=100');
    expect(res.statusCode).toBe(200);
    const mine = res
      .json()
      .items.filter((i: { productId: number }) => i.productId === p.id)
      .map((i: { variant: string; stock: number; sku: string }) => [i.variant, i.stock, i.sku]);
    expect(mine).toEqual([
      ['41 / White', 0, variantNamed(p, '41 / White').sku],
      ['41 / Black', 1, variantNamed(p, '41 / Black').sku],
    ]);
    const stocks = res.json().items.map((i: { stock: number }) => i.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    const bySku = (await list(`?threshold=1&q=${variantNamed(p, '41 / Black').sku}`)).json();
    expect(bySku.items.map((i: { variant: string }) => i.variant)).toEqual(['41 / Black']);
    expect(bySku.total).toBe(1);
    expect((await list('?threshold=-1')).statusCode).toBe(400);
    expect((await list('', await shopper(t.app))).statusCode).toBe(403);
  });
});

describe('the cart with variants', () => {
  it('asks which size, refuses variants of other products, and keeps two sizes as two lines', async () => {
    const p = await shoe();
    const other = await shoe();
    const who = await shopper(t.app);
    const noChoice = await addToCart(who, { product_id: p.id, quantity: 1 });
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().fields.variant_id).toBe('Please choose a size.');
    const foreign = await addToCart(who, {
      product_id: p.id,
      variant_id: other.variants[0]!.id,
      quantity: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.variant_id).toBeDefined();
    expect(
      (await addToCart(who, { product_id: p.id, variant_id: 2_000_000_000, quantity: 1 }))
        .statusCode,
    ).toBe(400);
    const soldOut = variantNamed(p, '41 / White');
    expect(
      (await addToCart(who, { product_id: p.id, variant_id: soldOut.id, quantity: 1 })).statusCode,
    ).toBe(422);
    const small = variantNamed(p, '40 / Black');
    const big = variantNamed(p, '42 / Black');
    const tooMany = await addToCart(who, { product_id: p.id, variant_id: small.id, quantity: 4 });
    expect(tooMany.json().error).toBe('Only 3 left in stock.');
    expect(await cartOf(who)).toEqual([]);

    const added = await addToCart(who, { product_id: p.id, variant_id: small.id, quantity: 2 });
    expect(added.statusCode).toBe(201);
    expect(added.json().item).toMatchObject({ variant_id: small.id, variant: '40 / Black' });
    await addToCart(who, { product_id: p.id, variant_id: big.id, quantity: 1 });
    const again = await addToCart(who, { product_id: p.id, variant_id: big.id, quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Item is already in your cart.');
    // 42 / Black at 20 % off: 3,600 shillings.
    expect(
      (await cartOf(who)).map((l: Record<string, unknown>) => [l.variant, l.price, l.quantity]),
    ).toEqual([
      ['40 / Black', 450_000, 2],
      ['42 / Black', 450_000, 1],
    ]);

    const line = (method: string, query: string, payload?: object) =>
      t.app.inject({
        method: method as 'PATCH',
        url: `/api/cart/${p.id}${query}`,
        headers: who.auth,
        ...(payload ? { payload } : {}),
      });
    expect((await line('PATCH', '', { quantity: 1 })).statusCode).toBe(400); // which line?
    const more = await line('PATCH', `?variant_id=${big.id}`, { quantity: 5 });
    expect(more.json().item).toMatchObject({ variant_id: big.id, quantity: 5 });
    expect((await line('PATCH', `?variant_id=${big.id}`, { quantity: 6 })).statusCode).toBe(422);
    expect((await line('DELETE', `?variant_id=${small.id}`)).statusCode).toBe(200);
    expect((await cartOf(who)).map((l: { variant: string }) => l.variant)).toEqual(['42 / Black']);
    await addToCart(who, { product_id: p.id, variant_id: small.id, quantity: 1 });
    expect((await line('DELETE', '')).statusCode).toBe(200); // every line of the product
    expect(await cartOf(who)).toEqual([]);
  });

  it('orders the variant chosen: its price, SKU and title recorded, its stock taken and given back', async () => {
    const p = await shoe();
    const who = await shopper(t.app);
    const big = variantNamed(p, '42 / Black');
    await addToCart(who, { product_id: p.id, variant_id: big.id, quantity: 2 });
    await fillCheckoutSteps(t.app, who);
    const started = (await createPayment(t.app, who)).json();
    const [line] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, started.order_id));
    expect(line).toMatchObject({
      variantId: big.id,
      variantTitle: '42 / Black',
      sku: big.sku,
      unitPriceCents: 360_000,
      quantity: 2,
    });
    const held = await productPage(p.id);
    expect(variantNamed(held, '42 / Black').stock).toBe(3);
    expect(variantNamed(held, '40 / Black').stock).toBe(3);
    expect(held.stock).toBe(9);
    const payerId = await approveSandbox(t.app, started.paymentId);
    expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
    const order = (
      await t.app.inject({ url: `/api/order/${started.order_id}`, headers: who.auth })
    ).json();
    expect(order.items[0]).toMatchObject({ variant_id: big.id, variant: '42 / Black' });
    expect(await cartOf(who)).toEqual([]);

    // A cancelled order gives the size back, not another.
    const second = await shopper(t.app);
    await addToCart(second, { product_id: p.id, variant_id: big.id, quantity: 1 });
    await fillCheckoutSteps(t.app, second);
    const open = (await createPayment(t.app, second)).json();
    expect(variantNamed(await productPage(p.id), '42 / Black').stock).toBe(2);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/cancel-payment',
      headers: second.auth,
      payload: { paymentId: open.paymentId },
    });
    expect(cancel.statusCode).toBe(200);
    expect(variantNamed(await productPage(p.id), '42 / Black').stock).toBe(3);
  });
});

describe('the last unit of one size', () => {
  it('twelve shoppers on two instances: one order holds it, the other sizes untouched', async () => {
    const other = await secondInstance(t);
    try {
      const p = await shoe();
      const last = variantNamed(p, '41 / Black'); // stock 1
      const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper(t.app)));
      for (const who of shoppers) {
        const added = await addToCart(who, { product_id: p.id, variant_id: last.id, quantity: 1 });
        expect(added.statusCode).toBe(201);
        await fillCheckoutSteps(t.app, who);
      }
      const answers = await Promise.all(
        shoppers.map((who, i) => createPayment(i % 2 ? other : t.app, who)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(11).fill(409)]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(
        `"${p.title} (41 / Black)" has just sold out. Please remove it from your cart.`,
      );
      const after = await productPage(p.id);
      expect(variantNamed(after, '41 / Black').stock).toBe(0);
      expect(after.variants.map((v) => v.stock)).toEqual([3, 2, 0, 0, 5]);
      expect(after.stock).toBe(10);
      expect(await stockOf(t.db, p.id)).toBe(10);
      const holding = await t.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(eq(orderItems.variantId, last.id));
      expect(holding).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

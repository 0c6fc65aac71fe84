import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_EDIT_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const edit = (id: number, payload: object, who = boss) =>
  t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: who.auth, payload });

describe('PATCH /api/products/{id}', () => {
  it('changes the price, the discount or the stock, and the shop shows it', async () => {
    const id = await product(t.db, { priceCents: 100_000, stock: 5 });
    expect((await edit(id, { price: 129_900 })).json()).toMatchObject({ price: 129_900 });
    expect((await edit(id, { discount_percentage: 12.5 })).json()).toMatchObject({
      discountPercentage: 12.5,
    });
    expect((await edit(id, { stock: 0 })).json()).toMatchObject({
      stock: 0,
      availabilityStatus: 'Out of Stock',
    });
    const shop = (await t.app.inject(`/api/products/${id}`)).json();
    expect(shop).toMatchObject({ price: 129_900, discountPercentage: 12.5, stock: 0 });
  });

  it('refuses bad values with the spec messages, and more or less than one change', async () => {
    const id = await product(t.db, { priceCents: 100_000, stock: 5 });
    const bad = async (payload: object) => (await edit(id, payload)).json();
    expect((await bad({ discount_percentage: 101 })).fields.discount_percentage).toBe(
      PRODUCT_EDIT_MESSAGES.discount,
    );
    expect((await bad({ discount_percentage: -1 })).fields.discount_percentage).toBe(
      PRODUCT_EDIT_MESSAGES.discount,
    );
    expect((await bad({ stock: -3 })).fields.stock).toBe(PRODUCT_EDIT_MESSAGES.stock);
    expect((await bad({ stock: 2.5 })).fields.stock).toBe(PRODUCT_EDIT_MESSAGES.stock);
    expect((await bad({ price: -1 })).fields.price).toBe(PRODUCT_EDIT_MESSAGES.price);
    expect((await bad({ price: 100, stock: 3 })).error).toContain(PRODUCT_EDIT_MESSAGES.exactlyOne);
    expect((await bad({})).error).toContain(PRODUCT_EDIT_MESSAGES.exactlyOne);
    expect((await edit(999_999, { stock: 1 })).statusCode).toBe(404);
    expect((await t.app.inject(`/api/products/${id}`)).json()).toMatchObject({
      price: 100_000,
      stock: 5,
    });
  });

  it('is refused to shoppers, even one named admin', async () => {
    const id = await product(t.db, { priceCents: 100_000, stock: 5 });
    const named = await shopper(t.app, { username: 'admin2' });
    expect((await edit(id, { price: 1 }, named)).statusCode).toBe(403);
  });
});

describe('POST /api/products', () => {
  it('adds a product with nothing made up (no warranty, shipping time or return policy), findable by search', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: boss.auth,
      payload: {
        title: 'Maasai Shuka Blanket, Red Check',
        brand: 'Enkang Beadwork',
        description: 'A warm woollen shuka.',
        price: 250_000,
        discountPercentage: 5,
        tags: ['blanket', 'maasai'],
        images: ['/uploads/0b6a3c1e-5d3f-4a8e-9b2a-1c2d3e4f5a6b.webp'],
        category: 'Home Decoration Extra',
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().product;
    expect(created).toMatchObject({
      title: 'Maasai Shuka Blanket, Red Check',
      // Not SPEC's 'default-sku': SKUs are unique (issue 21), so one is made from the id.
      sku: expect.stringMatching(/^DK-\d{5}$/),
      stock: 0,
      // Not SPEC's '1 year warranty', 'Ships in 1 weeks', '30 days return policy': only what the
      // merchant wrote is said (decision record 026); 0 g is a weight not given.
      weight: 0,
      warrantyInformation: '',
      shippingInformation: '',
      returnPolicy: '',
      category: 'home-decoration-extra',
      images: ['/uploads/0b6a3c1e-5d3f-4a8e-9b2a-1c2d3e4f5a6b.webp'],
      tags: ['blanket', 'maasai'],
    });
    const found = (await t.app.inject('/api/products?q=shuka')).json();
    expect(found.products.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it('refuses images from elsewhere and missing fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: boss.auth,
      payload: {
        title: '',
        brand: 'X',
        description: 'd',
        price: 100,
        images: ['https://evil.example/x.png'],
        category: 'x',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['title', 'images.0']));
  });
});

describe('PUT /api/admin/products/{id} (the product editor, issue 21)', () => {
  const full = (overrides: object = {}) => ({
    title: 'Kiondo Basket, Large',
    brand: 'Machakos Weavers',
    description: 'Hand-woven sisal with a leather strap.',
    category: 'Baskets And Bags',
    tags: ['sisal', 'handmade'],
    images: [
      '/uploads/1b6a3c1e-5d3f-4a8e-9b2a-1c2d3e4f5a6b.webp',
      '/uploads/2b6a3c1e-5d3f-4a8e-9b2a-1c2d3e4f5a6b.webp',
    ],
    sku: `KIONDO-L-${Math.random().toString(36).slice(2, 8)}`,
    price: 320_000,
    discountPercentage: 10,
    stock: 14,
    weight: 650,
    dimensions: { width: 400, height: 350, depth: 200 },
    warrantyInformation: 'No warranty',
    shippingInformation: 'Ships in 2 days',
    returnPolicy: '14 days return policy',
    ...overrides,
  });
  const put = (id: number, payload: object, who = boss) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: who.auth, payload });

  it('saves every field at once and the shop shows them', async () => {
    const id = await product(t.db, { priceCents: 100_000, stock: 0, title: 'Basket' });
    const body = full();
    const res = await put(id, body);
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await t.app.inject(`/api/products/${id}`)).json();
    expect(shown).toMatchObject({
      title: 'Kiondo Basket, Large',
      brand: 'Machakos Weavers',
      description: 'Hand-woven sisal with a leather strap.',
      category: 'baskets-and-bags',
      categoryName: 'Baskets And Bags',
      tags: ['sisal', 'handmade'],
      images: body.images,
      thumbnail: body.images[0],
      sku: body.sku,
      price: 320_000,
      discountPercentage: 10,
      stock: 14,
      availabilityStatus: 'In Stock',
      weight: 650,
      dimensions: { width: 400, height: 350, depth: 200 },
      warrantyInformation: 'No warranty',
      shippingInformation: 'Ships in 2 days',
      returnPolicy: '14 days return policy',
    });
    // The images' new order: the second becomes the main one.
    await put(id, { ...body, images: [body.images[1], body.images[0]] });
    expect((await t.app.inject(`/api/products/${id}`)).json().images).toEqual([
      body.images[1],
      body.images[0],
    ]);
  });

  it("refuses another product's SKU, bad values, strangers and unknown products", async () => {
    const first = await product(t.db, { priceCents: 100_000, stock: 1 });
    const second = await product(t.db, { priceCents: 100_000, stock: 1 });
    const taken = full();
    expect((await put(first, taken)).statusCode).toBe(200);
    const clash = await put(second, full({ sku: taken.sku }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.sku).toContain(`Product ${first}`);
    // Saving the same product with its own SKU is fine.
    expect((await put(first, taken)).statusCode).toBe(200);

    const bad = await put(second, full({ price: -5, stock: 1.5, images: [] }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['price', 'stock', 'images']),
    );
    expect((await put(second, { ...full(), extra: 1 })).statusCode).toBe(400);
    const before = (await t.app.inject(`/api/products/${second}`)).json();
    expect(before.title).not.toBe('Kiondo Basket, Large');

    expect((await put(second, full(), await shopper(t.app))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/products/${second}`, payload: full() }))
        .statusCode,
    ).toBe(401);
    expect((await put(2_000_000, full())).statusCode).toBe(404);
  });
});

// APIs that take back what they give (issue 33): for each admin PUT or PATCH whose GET gives more
// fields than it takes, the GET's answer sent straight back is accepted (200) and changes nothing
// — no field, no audit row. A key neither side knows is still refused where the schema is strict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { Product } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product } from '../../test/checkout-fixture.ts';
import { auditLog } from '../audit/schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const get = async (url: string, who: LoggedIn | null = boss) => {
  const res = await t.app.inject({ url, headers: who?.auth ?? {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const send = (method: 'PUT' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: boss.auth, payload: payload as object });
const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/**
 * Sends `body` (what a GET gave) to `url`; 200, and afterwards `read()` gives what it gave before
 * and the audit log has no new row.
 */
async function roundTrip(
  method: 'PUT' | 'PATCH',
  url: string,
  body: unknown,
  read: () => Promise<unknown>,
) {
  const before = await read();
  const rows = await auditRows();
  const res = await send(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  expect(await read()).toEqual(before);
  expect(await auditRows()).toBe(rows);
}

let sandals = 0;
async function sandal(): Promise<Product> {
  const n = ++sandals;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title: 'Kiondo sandal',
      brand: 'Kazuri',
      description: 'Beaded leather sandals.',
      category: 'womens-shoes',
      price: 240_000,
      images: ['/images/products/test.webp'],
      tags: ['beaded'],
      options: [{ name: 'Size', values: ['38', '39'] }],
      variants: [
        { options: { Size: '38' }, stock: 3, sku: `KIO-${n}-38` },
        { options: { Size: '39' }, stock: 4, sku: `KIO-${n}-39`, price: 250_000 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

describe('PUT /api/admin/products/{id} takes back GET /api/products/{id}', () => {
  it('for a product sold in sizes: every field of the page, no SKU or price of its own needed', async () => {
    const p = await sandal();
    const read = () => get(`/api/products/${p.id}`, null);
    await roundTrip('PUT', `/api/admin/products/${p.id}`, await read(), read);

    // The fields the issue names, without a product-level sku or price: accepted, and applied.
    const page: Product = await read();
    const { sku: _sku, price: _price, stock: _stock, discountPercentage: _d, ...rest } = page;
    const res = await send('PUT', `/api/admin/products/${p.id}`, {
      ...rest,
      title: 'Kiondo sandal, beaded',
      dimensions: { width: 100, height: 40, depth: 280 },
      variants: page.variants.map((v) => (v.title === '39' ? { ...v, stock: 9 } : v)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: Product = res.json();
    expect(after).toMatchObject({ title: 'Kiondo sandal, beaded', stock: 12 });
    expect(after.dimensions).toEqual({ width: 100, height: 40, depth: 280 });
    expect(after.variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      [`KIO-${sandals}-38`, 240_000, 3],
      [`KIO-${sandals}-39`, 250_000, 9],
    ]);
  });

  it('for a product without options, whose own SKU, price and stock are written', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: boss.auth,
      payload: {
        title: 'Jiko stove',
        brand: 'Jikokoa',
        description: 'A charcoal stove that burns half as much.',
        category: 'kitchen',
        price: 99_900,
        stock: 5,
        images: ['/images/products/test.webp'],
      },
    });
    const { id } = made.json().product;
    const read = () => get(`/api/products/${id}`, null);
    await roundTrip('PUT', `/api/admin/products/${id}`, await read(), read);
    const page = await read();
    const res = await send('PUT', `/api/admin/products/${id}`, { ...page, stock: 8 });
    expect(res.json()).toMatchObject({
      stock: 8,
      variants: [expect.objectContaining({ stock: 8 })],
    });
  });

  it('refuses other options, a variant not its own, and a key no GET gives', async () => {
    const p = await sandal();
    const page: Product = await get(`/api/products/${p.id}`, null);
    const options = await send('PUT', `/api/admin/products/${p.id}`, {
      ...page,
      options: [{ name: 'Size', values: ['38', '39', '40'] }],
    });
    expect(options.statusCode).toBe(409);
    expect(options.json().code).toBe('OPTIONS_CHANGED');
    const other = await sandal();
    const stranger = await send('PUT', `/api/admin/products/${p.id}`, {
      ...page,
      variants: [{ ...other.variants[0]!, stock: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().fields)).toEqual(['variants.0.id']);
    const typo = await send('PUT', `/api/admin/products/${p.id}`, { ...page, titel: 'x' });
    expect(typo.statusCode).toBe(400);
    expect(await get(`/api/products/${p.id}`, null)).toEqual(page);
  });
});

describe('the other admin PUTs and PATCHes take back their GETs', () => {
  it("a variant as the product's page gives it", async () => {
    const p = await sandal();
    const read = () => get(`/api/products/${p.id}`, null);
    const variant = (await read()).variants[1];
    await roundTrip('PATCH', `/api/admin/products/${p.id}/variants/${variant.id}`, variant, read);
  });

  it("a product's tax", async () => {
    const id = await product(t.db, { priceCents: 10_000, stock: 1 });
    const read = () => get(`/api/admin/products/${id}/tax`);
    await roundTrip('PATCH', `/api/admin/products/${id}/tax`, await read(), read);
  });

  it('the search synonyms (with built_in)', async () => {
    const read = async () => (await get('/api/admin/search/synonyms')).synonyms;
    const answer = await get('/api/admin/search/synonyms');
    expect(answer.built_in).toBe(true);
    const res = await send('PUT', '/api/admin/search/synonyms', answer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().synonyms).toEqual(answer.synonyms);
    // Saved now, so no longer the built-in list; sent back again, nothing changes at all.
    await roundTrip(
      'PUT',
      '/api/admin/search/synonyms',
      await get('/api/admin/search/synonyms'),
      () => get('/api/admin/search/synonyms'),
    );
    expect(await read()).toEqual(answer.synonyms);
  });

  it("a county's delivery, and a pickup point", async () => {
    const counties = () => get('/api/delivery/counties', null);
    const nairobi = (await counties()).find((c: { code: string }) => c.code === '047');
    await roundTrip('PATCH', '/api/admin/delivery/counties/047', nairobi, counties);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/pickup-points',
      headers: boss.auth,
      payload: {
        name: 'Kisumu Post Office',
        county_code: '042',
        address: 'Oginga Odinga Street',
        opening_hours: 'Mon-Fri 8:00-17:00',
        fee: 150,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const points = () => get('/api/admin/pickup-points');
    const point = (await points()).find((x: { id: number }) => x.id === created.json().id);
    await roundTrip('PATCH', `/api/admin/pickup-points/${point.id}`, point, points);
  });

  it('a review, an account and a staff member as their lists give them', async () => {
    const productId = await product(t.db, { priceCents: 50_000, stock: 5 });
    const buyer = await shopper(t.app);
    await buyAndPay(t.app, t.db, buyer, [[productId, 1]]);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: buyer.auth,
      payload: { product_id: productId, rating: 4, comment: 'Works well on charcoal.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const reviews = () => get('/api/admin/reviews?limit=100');
    const review = (await reviews()).reviews.find((r: { id: number }) => r.id === posted.json().id);
    expect(review.product_title).toEqual(expect.any(String));
    await roundTrip('PATCH', `/api/admin/reviews/${review.id}`, review, reviews);

    const users = () => get('/api/admin/users?limit=100');
    const account = (await users()).users.find((u: { id: number }) => u.id === buyer.id);
    await roundTrip('PATCH', `/api/admin/users/${account.id}`, account, users);

    const packer = await admin(t.app, t.db, 'fulfilment');
    const staff = () => get('/api/admin/staff');
    const member = (await staff()).staff.find((m: { id: number }) => m.id === packer.id);
    await roundTrip('PATCH', `/api/admin/staff/${packer.id}`, member, staff);
    await roundTrip('PUT', '/api/admin/staff/settings', await staff(), staff);
    // Nothing changed for the packer either: still signed in.
    expect(
      (await t.app.inject({ url: '/api/current_user', headers: packer.auth })).statusCode,
    ).toBe(200);
  });

  it('a promotion as the Promotions list gives it (with its uses, orders and revenue)', async () => {
    const productId = await product(t.db, { priceCents: 50_000, stock: 5 });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: boss.auth,
      payload: {
        name: 'Two for one',
        code: 'twoforone',
        type: 'buy_x_get_y',
        buy_quantity: 1,
        get_quantity: 1,
        applies_to: { product_ids: [productId] },
        starts_at: '2026-11-27T09:00:00+03:00',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const promotions = () => get('/api/admin/promotions?limit=100');
    const promotion = (await promotions()).promotions.find(
      (p: { id: number }) => p.id === made.json().id,
    );
    expect(promotion).toMatchObject({ uses: 0, orders: 0, revenue: 0 });
    await roundTrip('PATCH', `/api/admin/promotions/${promotion.id}`, promotion, promotions);
  });
});

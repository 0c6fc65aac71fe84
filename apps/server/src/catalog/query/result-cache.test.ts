// A search's list of products is reused for SEARCH_CACHE_SECONDS by one instance; prices and stock
// are read fresh every time, and after the seconds pass the search finds anew.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProductPage } from '@duka/domain';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { categories, products } from '../schema.ts';
import { refreshUnderstanding } from './understanding.ts';

let t: TestContext;
let category: number;

const search = async (q: string) =>
  (await t.app.inject(`/api/products?q=${encodeURIComponent(q)}`)).json() as ProductPage;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_SECONDS: '1' });
  const [row] = await t.db.insert(categories).values({ slug: 'cache', name: 'Cache' }).returning();
  category = row!.id;
});
afterAll(() => t.close());

const add = (title: string, priceCents: number) =>
  t.db
    .insert(products)
    .values({ title, description: 'd', categoryId: category, brand: 'B', sku: title, priceCents })
    .returning({ id: products.id })
    .then((rows) => rows[0]!.id);

it('reuses which products a search found, never their prices, and finds anew after the seconds', async () => {
  const first = await add('Zebrawood Stool Kq4', 100_000);
  expect((await search('kq4')).products.map((p) => p.id)).toEqual([first]);

  await t.db.update(products).set({ priceCents: 90_000 }).where(eq(products.id, first));
  const second = await add('Zebrawood Bench Kq4', 200_000);
  const cached = await search('kq4');
  expect(cached.products.map((p) => [p.id, p.price])).toEqual([[first, 90_000]]);
  expect(cached.total).toBe(1);

  await expect
    .poll(async () => (await search('kq4')).products.map((p) => p.id), { timeout: 3000 })
    .toEqual([first, second]);
});

it('serves a reused search in the order it was found, with every field as read fresh, leaving out a product deleted since', async () => {
  const cache = await createTestApp({ SEARCH_CACHE_SECONDS: '60' });
  try {
    const [row] = await cache.db
      .insert(categories)
      .values({ slug: 'kept', name: 'Kept' })
      .returning();
    const insert = (title: string) =>
      cache.db
        .insert(products)
        .values({
          title,
          description: 'd',
          categoryId: row!.id,
          brand: 'B',
          sku: title,
          priceCents: 5_000,
        })
        .returning({ id: products.id })
        .then((rows) => rows[0]!.id);
    const alpha = await insert('Kq5 Stool Alpha');
    const beta = await insert('Kq5 Stool Beta');
    const exact = await insert('KQ5'); // the exact title comes first: not the catalogue's order
    await refreshUnderstanding(cache.db);
    const find = async () => (await cache.app.inject('/api/products?q=kq5')).json() as ProductPage;

    const found = await find();
    expect(found.products.map((p) => p.id)).toEqual([exact, alpha, beta]);
    await insert('Kq5 Stool Gamma'); // a search found anew would show it
    const reused = await find();
    expect(reused.products).toEqual(found.products);

    await cache.db.delete(products).where(eq(products.id, alpha));
    expect((await find()).products.map((p) => p.id)).toEqual([exact, beta]);
  } finally {
    await cache.close();
  }
});

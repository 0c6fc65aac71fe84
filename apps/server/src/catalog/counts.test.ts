import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandFacet, CategoryFacet, ProductPage } from '@duka/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { categories, productCounts, products } from './schema.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { seedSynthetic } from '../seed/synthetic.ts';
import { queryRows } from '../lib/sql.ts';
import { returnStock, takeStock } from './stock/index.ts';

let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  await seedDemoCatalog(t.db);
});
afterAll(() => t.close());

async function get<T = ProductPage>(url: string): Promise<T> {
  const res = await t.app.inject(url);
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}

/** The counters, and the same counted from the products themselves. */
async function countersAndTruth() {
  const counters = await t.db
    .select({
      category: productCounts.categoryId,
      brand: productCounts.brand,
      n: productCounts.products,
    })
    .from(productCounts)
    .where(gt(productCounts.products, 0))
    .orderBy(productCounts.categoryId, productCounts.brand);
  const truth = await t.db
    .select({ category: products.categoryId, brand: products.brand, n: count() })
    .from(products)
    .groupBy(products.categoryId, products.brand)
    .orderBy(products.categoryId, products.brand);
  return { counters, truth };
}

async function expectExactCounters() {
  const { counters, truth } = await countersAndTruth();
  expect(counters.length).toBeGreaterThan(0);
  expect(counters).toEqual(truth);
  const [all] = await t.db.select({ n: count() }).from(products);
  expect((await get('/api/products?limit=1')).total).toBe(all!.n);
  // Sizes and colours (issue 21): the option counters, and each product's stock the sum of its
  // variants', as a recount finds them.
  const options = await queryRows<{ category_id: number; key: string; n: number }>(
    t.db,
    sql`select category_id, key, products as n from option_value_counts
        where products <> 0 order by 1, 2`,
  );
  const recounted = await queryRows<{ category_id: number; key: string; n: number }>(
    t.db,
    sql`select p.category_id, k as key, count(distinct p.id)::int as n
        from product_variants v join products p on p.id = v.product_id, unnest(v.option_keys) k
        where v.archived_at is null and v.stock > 0 group by 1, 2 order by 1, 2`,
  );
  expect(recounted.length).toBeGreaterThan(0);
  expect(options).toEqual(recounted);
  const astray = await queryRows<{ id: number }>(
    t.db,
    sql`select p.id from products p where p.stock <> (select coalesce(sum(v.stock), 0)
        from product_variants v where v.product_id = p.id and v.archived_at is null)`,
  );
  expect(astray).toEqual([]);
  const keysAstray = await queryRows<{ id: number }>(
    t.db,
    sql`select p.id from products p
        where array(select k from unnest(p.option_keys) k order by k) <> array(
        select distinct k from product_variants v, unnest(v.option_keys) k
        where v.product_id = p.id and v.archived_at is null and v.stock > 0 order by k)`,
  );
  expect(keysAstray).toEqual([]);
}

const slugCount = async (slug: string) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(categories.slug, slug));
  return row!.n;
};

describe('counters', () => {
  it('count every category and brand of the demo catalogue', async () => {
    await expectExactCounters();
  });

  it('show a product an admin adds at once: pages, totals and facets', async () => {
    const category = (await get('/api/products?category=home-decoration&limit=1')).total;
    const everything = (await get('/api/products?limit=1')).total;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: boss.auth,
      payload: {
        title: 'Kisii Soapstone Bowl',
        brand: 'Tabaka Carvers',
        description: 'Carved soapstone.',
        price: 180_000,
        images: ['/uploads/0b6a3c1e-5d3f-4a8e-9b2a-1c2d3e4f5a6b.webp'],
        category: 'Home Decoration',
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await get('/api/products?category=home-decoration&limit=1')).total).toBe(category + 1);
    expect((await get('/api/products?limit=1')).total).toBe(everything + 1);
    const byBrand = await get('/api/products?brand=Tabaka%20Carvers');
    expect(byBrand.total).toBe(1);
    expect(byBrand.products[0]!.title).toBe('Kisii Soapstone Bowl');
    const brands = await get<BrandFacet[]>('/api/products/brands?category=home-decoration');
    expect(brands).toContainEqual({ name: 'Tabaka Carvers', count: 1 });
    const facets = await get<CategoryFacet[]>('/api/products/categories');
    expect(facets.find((c) => c.slug === 'home-decoration')?.count).toBe(category + 1);
    await expectExactCounters();
  });

  it('stay exact whichever code path changes stock', async () => {
    const [first, second] = await t.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .orderBy(products.id)
      .limit(2);
    const before = await get<CategoryFacet[]>('/api/products/categories');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${first!.id}`,
      headers: boss.auth,
      payload: { stock: 0 },
    });
    expect(edit.statusCode).toBe(200);
    await t.db.update(products).set({ stock: 500 }).where(eq(products.id, second!.id));
    await t.db.transaction(async (tx) => {
      await takeStock(tx, [
        { productId: second!.id, variantId: null, quantity: 3, title: second!.title },
      ]);
    });
    await t.db.transaction(async (tx) => {
      await returnStock(tx, [{ productId: second!.id, variantId: null, quantity: 2 }]);
    });
    await t.db.update(products).set({ stock: sql`${products.stock} + 1` });
    expect(await get<CategoryFacet[]>('/api/products/categories')).toEqual(before);
    await expectExactCounters();
  });

  it('follow a product to another category or brand, and away when deleted', async () => {
    const [furniture] = await t.db
      .select()
      .from(categories)
      .where(eq(categories.slug, 'furniture'));
    const [laptop] = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.slug, 'laptops'))
      .limit(1);
    const laptops = await slugCount('laptops');
    const furnitureCount = await slugCount('furniture');
    await t.db
      .update(products)
      .set({ categoryId: furniture!.id, brand: 'Moved Brand' })
      .where(eq(products.id, laptop!.id));
    expect((await get('/api/products?category=laptops&limit=1')).total).toBe(laptops - 1);
    expect((await get('/api/products?category=furniture&limit=1')).total).toBe(furnitureCount + 1);
    expect((await get('/api/products?category=furniture&brand=Moved%20Brand')).total).toBe(1);
    await expectExactCounters();
    await t.db.delete(products).where(and(eq(products.id, laptop!.id)));
    expect((await get('/api/products?category=furniture&limit=1')).total).toBe(furnitureCount);
    expect(await get<BrandFacet[]>('/api/products/brands')).not.toContainEqual(
      expect.objectContaining({ name: 'Moved Brand' }),
    );
    await expectExactCounters();
  });

  it('count what the synthetic seeding adds, a thousand at a time', async () => {
    const furniture = await slugCount('furniture');
    // The bulk seed turns triggers off, which the app's role may not: the owner seeds.
    await seedSynthetic((await t.database.openOwner()).db, 2_500, undefined, 1_000);
    expect(await slugCount('furniture')).toBeGreaterThan(furniture);
    expect((await get('/api/products?category=furniture&limit=1')).total).toBe(
      await slugCount('furniture'),
    );
    const facets = await get<CategoryFacet[]>('/api/products/categories');
    const [all] = await t.db.select({ n: count() }).from(products);
    expect(facets.reduce((n, c) => n + c.count, 0)).toBe(all!.n);
    await expectExactCounters();
  });

  it('leave out the excluded product of a related-products page, only if it is there', async () => {
    const laptops = await slugCount('laptops');
    const [inside] = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.slug, 'laptops'))
      .limit(1);
    const [outside] = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.slug, 'furniture'))
      .limit(1);
    expect((await get(`/api/products/category/laptops?exclude=${inside!.id}`)).total).toBe(
      laptops - 1,
    );
    expect((await get(`/api/products/category/laptops?exclude=${outside!.id}`)).total).toBe(
      laptops,
    );
  });
});

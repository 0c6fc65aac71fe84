import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayPriceCents, percentToBasisPoints, type ProductPage } from '@duka/domain';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { CATEGORY_SEEDS, PRODUCT_SEEDS } from '../seed/catalog-data.ts';
import { categories, products } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db);
  // Titles with LIKE wildcards, to prove a shopper's text is matched literally.
  const [furniture] = await t.db.select().from(categories).where(eq(categories.slug, 'furniture'));
  await t.db.insert(products).values([
    {
      title: '100% Cotton Kikoy Throw',
      description: 'd',
      categoryId: furniture!.id,
      brand: 'Lamu Loom',
      sku: 'X-1',
      priceCents: 150_000,
    },
    {
      title: 'Kikoy_Cushion Cover',
      description: 'd',
      categoryId: furniture!.id,
      brand: 'Lamu Loom',
      sku: 'X-2',
      priceCents: 80_000,
    },
  ]);
});
afterAll(() => t.close());

const TOTAL = PRODUCT_SEEDS.length + 2;

async function get<T = ProductPage>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

async function all(query: string) {
  const out: ProductPage['products'] = [];
  for (let skip = 0; ; skip += 100) {
    const { body } = await get(`/api/products?${query}&limit=100&skip=${skip}`);
    out.push(...body.products);
    if (out.length >= body.total) return out;
  }
}

describe('GET /api/products', () => {
  it("gives each card the product's rating and review count, as its page does", async () => {
    const rows = await t.db
      .select({ id: products.id, reviewCount: products.reviewCount })
      .from(products);
    const counts = new Map(rows.map((r) => [r.id, r.reviewCount]));
    expect([...counts.values()].some((n) => n > 0)).toBe(true);
    // The plain listing, a text search (another query) and the home page's blocks.
    const listed = await all('sort=rating');
    const searched = await all('q=a');
    const home = (
      await get<{ weeklyOffers: typeof listed; topPicks: typeof listed }>('/api/products/home')
    ).body;
    const cards = [...listed, ...searched, ...home.weeklyOffers, ...home.topPicks];
    expect(searched.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.reviewCount).toBe(counts.get(card.id));
    const detail = await get<{ reviewCount: number; rating: number }>(
      `/api/products/${listed[0]!.id}`,
    );
    expect(detail.body).toMatchObject({
      reviewCount: listed[0]!.reviewCount,
      rating: listed[0]!.rating,
    });
  });

  it('pages the whole catalogue', async () => {
    const { status, body } = await get('/api/products');
    expect(status).toBe(200);
    expect(body.total).toBe(TOTAL);
    expect(body.limit).toBe(20);
    expect(body.skip).toBe(0);
    expect(body.products).toHaveLength(20);
    const ids = (await all('')).map((p) => p.id);
    expect(new Set(ids).size).toBe(TOTAL);
  });

  it('serves a page at the end and nothing past it', async () => {
    const last = await get(`/api/products?limit=8&skip=${TOTAL - 3}`);
    expect(last.body.products).toHaveLength(3);
    const past = await get(`/api/products?limit=8&skip=${TOTAL + 10}`);
    expect(past.status).toBe(200);
    expect(past.body.products).toEqual([]);
    expect(past.body.total).toBe(TOTAL);
  });

  it('searches titles case-insensitively by substring', async () => {
    const expected = PRODUCT_SEEDS.filter((p) => p.title.toLowerCase().includes('samsung'));
    expect(expected.length).toBeGreaterThan(1);
    const found = await all('q=SaMsUnG');
    expect(found.map((p) => p.title).sort()).toEqual(expected.map((p) => p.title).sort());
  });

  it('matches % and _ literally', async () => {
    expect((await all('q=%25')).map((p) => p.title)).toEqual(['100% Cotton Kikoy Throw']);
    expect((await all('q=y_c')).map((p) => p.title)).toEqual(['Kikoy_Cushion Cover']);
  });

  it('filters by category, and an unknown category finds nothing', async () => {
    const laptops = await all('category=laptops');
    expect(laptops.length).toBe(PRODUCT_SEEDS.filter((p) => p.category === 'laptops').length);
    expect(laptops.every((p) => p.category === 'laptops')).toBe(true);
    const none = await get('/api/products?category=no-such-thing');
    expect(none.body).toMatchObject({ products: [], total: 0 });
  });

  it('filters by brand, and combines filters', async () => {
    const brand = PRODUCT_SEEDS[0]!.brand;
    const byBrand = await all(`brand=${encodeURIComponent(brand)}`);
    expect(byBrand.length).toBe(PRODUCT_SEEDS.filter((p) => p.brand === brand).length);
    expect(byBrand.every((p) => p.brand === brand)).toBe(true);
    const phones = PRODUCT_SEEDS.filter((p) => p.category === 'smartphones');
    const samsungPhones = phones.filter((p) => p.title.includes('Samsung'));
    const combined = await all('category=smartphones&q=samsung');
    expect(combined.length).toBe(samsungPhones.length);
  });

  it('filters by minimum rating', async () => {
    const rated = await all('minRating=4.5');
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.every((p) => p.rating >= 4.5)).toBe(true);
    const everything = await all('');
    expect(rated.length).toBe(everything.filter((p) => p.rating >= 4.5).length);
  });

  const salePrice = (p: ProductPage['products'][number]) =>
    displayPriceCents(p.price, percentToBasisPoints(p.discountPercentage));
  const isSorted = <T>(items: T[], key: (x: T) => number | string, dir: 1 | -1) =>
    items.every((x, i) => {
      if (i === 0) return true;
      const [a, b] = [key(items[i - 1]!), key(x)];
      return dir === 1 ? a <= b : a >= b;
    });

  it.each([
    ['priceAsc', salePrice, 1],
    ['priceDesc', salePrice, -1],
    ['titleAsc', (p: ProductPage['products'][number]) => p.title.toLowerCase(), 1],
    ['titleDesc', (p: ProductPage['products'][number]) => p.title.toLowerCase(), -1],
    ['newest', (p: ProductPage['products'][number]) => p.createdAt, -1],
    ['stock', (p: ProductPage['products'][number]) => p.stock, -1],
    ['rating', (p: ProductPage['products'][number]) => p.rating, -1],
  ] as const)('sorts by %s across pages', async (sort, key, dir) => {
    const sorted = await all(`sort=${sort}`);
    expect(sorted).toHaveLength(TOTAL);
    expect(
      isSorted(sorted, key as (x: ProductPage['products'][number]) => number | string, dir),
    ).toBe(true);
  });

  it('keeps the default order by id', async () => {
    const ids = (await all('')).map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['skip=-1', 'skip'],
    ['sort=cheapest', 'sort'],
    ['minRating=6', 'minRating'],
    ['category=Not%20A%20Slug', 'category'],
    ['colour=red', '_'],
  ])('answers 400 with a clear message for %s', async (query, field) => {
    const { status, body } = await get<{
      error: string;
      code: string;
      fields: Record<string, string>;
    }>(`/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.error).toMatch(/^Invalid querystring/);
    expect(Object.keys(body.fields)).toContain(field);
  });
});

describe('GET /api/products/{id}', () => {
  it('answers every field of the product', async () => {
    const seed = PRODUCT_SEEDS[0]!;
    const { status, body } = await get<Record<string, unknown>>('/api/products/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 1,
      title: seed.title,
      category: seed.category,
      brand: seed.brand,
      description: seed.description,
      price: seed.priceKsh * 100,
      discountPercentage: seed.discountPercent,
      stock: seed.stock,
      weight: seed.weightGrams,
      dimensions: seed.dimensionsMm,
      warrantyInformation: seed.warrantyInformation,
      shippingInformation: seed.shippingInformation,
      returnPolicy: seed.returnPolicy,
      tags: seed.tags,
    });
    expect(body.sku).toMatch(/^[A-Z]{3}-[A-Z]{3}-\d{4}$/);
    expect(body.availabilityStatus).toMatch(/In Stock|Low Stock|Out of Stock/);
    expect((body.images as string[]).length).toBeGreaterThanOrEqual(2);
    expect(body.thumbnail).toBe((body.images as string[])[0]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/products/999999')).status).toBe(404);
    expect((await get('/api/products/abc')).status).toBe(400);
    expect((await get('/api/products/-3')).status).toBe(400);
  });
});

describe('GET /api/products/category/{category}', () => {
  it('lists the category without the excluded product, 4 at a time', async () => {
    const { body } = await get('/api/products/category/furniture?exclude=1');
    expect(body.limit).toBe(4);
    expect(body.products.every((p) => p.category === 'furniture' && p.id !== 1)).toBe(true);
    expect(body.total).toBe(PRODUCT_SEEDS.filter((p) => p.category === 'furniture').length + 2 - 1);
  });

  it('answers 404 for an unknown category', async () => {
    expect((await get('/api/products/category/spaceships')).status).toBe(404);
  });
});

describe('facets', () => {
  it('lists categories with counts that add up to the catalogue', async () => {
    const { body } = await get<{ slug: string; name: string; count: number }[]>(
      '/api/products/categories',
    );
    expect(body).toHaveLength(CATEGORY_SEEDS.length);
    expect(body.reduce((n, c) => n + c.count, 0)).toBe(TOTAL);
    expect(body.find((c) => c.slug === 'laptops')?.count).toBe(
      PRODUCT_SEEDS.filter((p) => p.category === 'laptops').length,
    );
  });

  it('lists brands with counts, for one category when asked', async () => {
    const everything = await get<{ name: string; count: number }[]>('/api/products/brands');
    expect(everything.body.reduce((n, b) => n + b.count, 0)).toBe(TOTAL);
    const laptops = await get<{ name: string; count: number }[]>(
      '/api/products/brands?category=laptops',
    );
    const expected = new Set(
      PRODUCT_SEEDS.filter((p) => p.category === 'laptops').map((p) => p.brand),
    );
    expect(new Set(laptops.body.map((b) => b.name))).toEqual(expected);
  });
});

describe('home, Top Picks and Weekly Offers', () => {
  it('gives the five category tiles in order, 4 weekly offers and the last 4 top picks', async () => {
    const { body } = await get<{
      categories: { slug: string }[];
      weeklyOffers: ProductPage['products'];
      topPicks: ProductPage['products'];
    }>('/api/products/home');
    expect(body.categories.map((c) => c.slug)).toEqual([
      'furniture',
      'home-decoration',
      'mens-shoes',
      'womens-dresses',
      'laptops',
    ]);
    expect(body.weeklyOffers).toHaveLength(4);
    expect(new Set(body.weeklyOffers.map((p) => p.category)).size).toBe(4);
    const picks = await all('minRating=0');
    const allPicks = picks.filter((p) => p.rating > 4.8);
    expect(allPicks.length).toBeGreaterThanOrEqual(10);
    expect(body.topPicks.map((p) => p.id)).toEqual(allPicks.slice(-4).map((p) => p.id));
  });

  it('lists Top Picks (rated above 4.8) with search and paging', async () => {
    const first = await get('/api/products/top-picks');
    expect(first.body.limit).toBe(8);
    expect(first.body.products.every((p) => p.rating > 4.8)).toBe(true);
    const everything = await all('');
    expect(first.body.total).toBe(everything.filter((p) => p.rating > 4.8).length);
    const title = first.body.products[0]!.title;
    const searched = await get(
      `/api/products/top-picks?q=${encodeURIComponent(title.slice(2, 9).toUpperCase())}`,
    );
    expect(searched.body.products.map((p) => p.title)).toContain(title);
    expect(searched.body.products.every((p) => p.rating > 4.8)).toBe(true);
  });

  it('lists Weekly Offers: the first product of each category', async () => {
    const { body } = await get('/api/products/weekly-offers?limit=50');
    expect(body.total).toBe(CATEGORY_SEEDS.length);
    const everything = await all('');
    const firsts = new Map<string, number>();
    for (const p of everything) if (!firsts.has(p.category)) firsts.set(p.category, p.id);
    expect(body.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      [...firsts.values()].sort((a, b) => a - b),
    );
    const page2 = await get('/api/products/weekly-offers?limit=8&skip=8');
    expect(page2.body.products.map((p) => p.id)).toEqual(
      body.products.slice(8, 16).map((p) => p.id),
    );
    const searched = await get(
      `/api/products/weekly-offers?q=${encodeURIComponent(body.products[0]!.title)}`,
    );
    expect(searched.body.products.map((p) => p.id)).toEqual([body.products[0]!.id]);
  });
});

describe('GET /api/reviews/{productId}', () => {
  it("answers the product's reviews, newest first, without reviewers' e-mails", async () => {
    const { status, body } = await get<{ reviews: Record<string, unknown>[]; total: number }>(
      '/api/reviews/1',
    );
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    const dates = body.reviews.map((r) => r.date as string);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const review of body.reviews) {
      expect(review).toMatchObject({ product_id: 1 });
      expect(review).not.toHaveProperty('reviewer_email');
      expect(review.rating).toBeGreaterThanOrEqual(1);
    }
  });

  it('answers 404 for an unknown product', async () => {
    expect((await get('/api/reviews/999999')).status).toBe(404);
  });
});

describe('counting a text search', () => {
  it('stops at 1,000 matches and says there are more', async () => {
    const ctx = await createTestApp();
    try {
      const [category] = await ctx.db
        .insert(categories)
        .values({ slug: 'bulk', name: 'Bulk' })
        .returning();
      const rows = Array.from({ length: 1_005 }, (_, i) => ({
        title: `Bulk Kettle ${i}`,
        description: 'd',
        categoryId: category!.id,
        brand: 'Mika',
        sku: `B-${i}`,
        priceCents: 100_000,
      }));
      await ctx.db.insert(products).values(rows);
      const searched = (await ctx.app.inject('/api/products?q=kettle&limit=8')).json();
      expect(searched).toMatchObject({ total: 1_000, totalCapped: true });
      expect(searched.products).toHaveLength(8);
      const last = (await ctx.app.inject('/api/products?q=kettle&limit=8&skip=1000')).json();
      expect(last.products).toHaveLength(5);
      const exact = (await ctx.app.inject('/api/products?q=kettle%201000')).json();
      expect(exact).toMatchObject({ total: 1 });
      expect(exact).not.toHaveProperty('totalCapped');
      const byCategory = (await ctx.app.inject('/api/products?category=bulk&limit=1')).json();
      expect(byCategory.total).toBe(1_005);
    } finally {
      await ctx.close();
    }
  });
});

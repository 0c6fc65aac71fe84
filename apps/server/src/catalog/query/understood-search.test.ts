// Search that finds what shoppers mean, through the API on the demo catalogue: categories and
// brands by name and plural, ranking after the title matches, Swahili and English synonyms the
// admin can change (on every instance), typo correction, suggestions, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, Suggestion } from '@duka/domain';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, secondInstance, type TestContext } from '../../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../../test/accounts.ts';
import { categories, products } from '../schema.ts';
import { seedDemoCatalog } from '../../seed/demo.ts';
import { refreshUnderstanding } from './understanding.ts';

let t: TestContext;
let boss: LoggedIn;

async function search(q: string, extra = '') {
  const limit = extra.includes('limit=') ? '' : '&limit=100';
  const res = await t.app.inject(`/api/products?q=${encodeURIComponent(q)}${limit}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductPage;
}

async function categoryOf(slug: string) {
  return t.db
    .select({ id: products.id, title: products.title })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(categories.slug, slug))
    .orderBy(products.id);
}

const idsOf = (page: ProductPage) => page.products.map((p) => p.id);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db);
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

describe('categories and brands', () => {
  it("finds a category by its name, singular or plural: 'laptop' and 'laptops' find every laptop", async () => {
    const laptops = (await categoryOf('laptops')).map((p) => p.id);
    expect(laptops.length).toBeGreaterThan(5);
    for (const q of ['laptop', 'laptops', 'Laptops']) {
      const found = await search(q);
      expect(idsOf(found).sort((a, b) => a - b)).toEqual(laptops);
      expect(found.total).toBe(laptops.length);
      expect(found.corrected_query).toBeUndefined();
    }
  });

  it("reads \"men's shoes\" as the men's shoes, and 'shoes' as both shoe categories", async () => {
    const mens = (await categoryOf('mens-shoes')).map((p) => p.id);
    const womens = (await categoryOf('womens-shoes')).map((p) => p.id);
    const found = await search("men's shoes");
    expect(new Set(idsOf(found))).toEqual(new Set(mens));
    expect(new Set(idsOf(await search('shoes')))).toEqual(new Set([...mens, ...womens]));
  });

  it("finds a brand's products, even those whose title does not name it", async () => {
    const [phone] = await categoryOf('smartphones');
    const [quiet] = await t.db
      .insert(products)
      .values({
        title: 'Galaxy Buds Charging Case Qz1',
        description: 'd',
        categoryId: (await t.db.select().from(categories).where(eq(categories.slug, 'audio')))[0]!
          .id,
        brand: 'Samsung',
        sku: 'SEARCH-QZ1',
        priceCents: 150_000,
      })
      .returning({ id: products.id });
    const found = await search('samsung');
    expect(idsOf(found)).toContain(quiet!.id);
    expect(found.products.every((p) => p.brand === 'Samsung')).toBe(true);
    // Titles that say 'samsung' come before the brand's other products.
    const titled = found.products.findIndex((p) => !/samsung/i.test(p.title));
    expect(found.products.slice(titled).every((p) => !/samsung/i.test(p.title))).toBe(true);
    expect(found.products[0]!.id).not.toBe(quiet!.id);
    // A word beside the brand narrows it by title, as any search does.
    const withWord = await search(`samsung ${phone!.title.split(' ')[1]}`);
    expect(withWord.products.every((p) => p.brand === 'Samsung')).toBe(true);
    await t.db.delete(products).where(eq(products.id, quiet!.id));
  });

  it('ranks the title matches first, then the category, without repeating a product', async () => {
    const laptopCount = (await categoryOf('laptops')).length;
    const [stand] = await t.db
      .insert(products)
      .values({
        title: 'Aluminium Laptop Stand',
        description: 'd',
        categoryId: (await t.db.select().from(categories).where(eq(categories.slug, 'audio')))[0]!
          .id,
        brand: 'Deskmate',
        sku: 'SEARCH-STAND',
        priceCents: 250_000,
      })
      .returning({ id: products.id });
    const found = await search('laptop');
    expect(found.products[0]!.id).toBe(stand!.id);
    expect(found.total).toBe(laptopCount + 1);
    expect(new Set(idsOf(found)).size).toBe(found.products.length);
    // Paged: the second page follows the first, across the two parts.
    // A page the title matches fill alone: the category's part still counts in the total.
    expect((await search('laptop', '&limit=1')).total).toBe(laptopCount + 1);
    const first = await search('laptop', '&limit=4&skip=0');
    const second = await search('laptop', '&limit=4&skip=4');
    expect([...idsOf(first), ...idsOf(second)]).toEqual(idsOf(found).slice(0, 8));
    // A shopper's sort merges both parts.
    const byPrice = await search('laptop', '&sort=priceAsc');
    // Sorted by the price shoppers pay (cents, rounded to the shilling).
    const prices = byPrice.products.map(
      (p) => Math.round((p.price * (100 - p.discountPercentage)) / 10_000) * 100,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.total).toBe(laptopCount + 1);
    const cheapest = await search('laptop', '&sort=priceAsc&limit=3&skip=3');
    expect(idsOf(cheapest)).toEqual(idsOf(byPrice).slice(3, 6));
    await t.db.delete(products).where(eq(products.id, stand!.id));
  });

  it('finds a product added to a named category within about a second', async () => {
    const before = (await search('viatu')).total;
    const [mens] = await t.db.select().from(categories).where(eq(categories.slug, 'mens-shoes'));
    const [added] = await t.db
      .insert(products)
      .values({
        title: 'Maasai Market Akala Sandal',
        description: 'd',
        categoryId: mens!.id,
        brand: 'Akala',
        sku: 'SEARCH-AKALA',
        priceCents: 80_000,
      })
      .returning({ id: products.id });
    await expect
      .poll(async () => (await search('viatu')).total, { timeout: 5000, interval: 200 })
      .toBe(before + 1);
    await t.db.delete(products).where(eq(products.id, added!.id));
  });

  it('remembers in the instance that a category is dense, without asking the database again', async () => {
    // The shared memo calls the Tablets category dense (more than 1,000) at this generation, as
    // another instance would have found it: this one believes it, and then remembers it.
    const key = `\u0001${JSON.stringify([{ categories: ['tablets'], brands: [], rest: [] }, ['tablets']])}`;
    const planted = sql`(${key}, '', '', (select n from catalog_generation))`;
    await t.db.execute(sql`insert into dense_searches (words, category, brand, generation)
      values ${planted}`);
    const dense = { total: 1000, totalCapped: true };
    expect(await search('tablets', '&limit=8')).toMatchObject(dense);
    await t.db.execute(sql`delete from dense_searches where words = ${key}`);
    expect(await search('tablets', '&limit=8')).toMatchObject(dense);
  });

  it('keeps the filters a shopper chose', async () => {
    const found = await search('shoes', '&category=womens-shoes');
    expect(found.total).toBe((await categoryOf('womens-shoes')).length);
  });
});

describe('Swahili and synonyms', () => {
  it("finds 'viatu' (shoes), 'simu' (phones), 'kitanda' (bed), 'meza' (table) and 'couch' (sofa)", async () => {
    const shoes = await search('viatu');
    expect(shoes.total).toBe(
      (await categoryOf('mens-shoes')).length + (await categoryOf('womens-shoes')).length,
    );
    expect(new Set((await search('simu')).products.map((p) => p.category))).toEqual(
      new Set(['smartphones']),
    );
    const beds = await search('kitanda');
    expect(beds.total).toBeGreaterThan(0);
    expect(beds.products.every((p) => /\bbed/i.test(p.title))).toBe(true);
    expect((await search('meza')).products.every((p) => /\btable/i.test(p.title))).toBe(true);
    expect((await search('couch')).products.map((p) => p.title)).toContain(
      'Mahogany 3-Seater Chesterfield Sofa',
    );
  });

  it('lets the admin change the list, applied on every instance without a restart', async () => {
    const listed = await t.app.inject({ url: '/api/admin/search/synonyms', headers: boss.auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ built_in: true });
    expect(listed.json().synonyms).toContainEqual({ term: 'viatu', words: ['shoe'] });

    const customer = await shopper(t.app);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search/synonyms',
      headers: customer.auth,
      payload: { synonyms: [] },
    });
    expect(refused.statusCode).toBe(403);
    for (const payload of [
      { synonyms: [{ term: '', words: ['x'] }] },
      { synonyms: [{ term: 'a', words: [] }] },
      {
        synonyms: [
          { term: 'Kabati', words: ['x'] },
          { term: 'kabati', words: ['y'] },
        ],
      },
      { synonyms: 'kabati' },
    ]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/search/synonyms',
        headers: boss.auth,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }

    const other = await secondInstance(t);
    try {
      // The other instance has read the built-in list already.
      expect((await other.inject('/api/products?q=viatu')).json().total).toBeGreaterThan(0);
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/search/synonyms',
        headers: boss.auth,
        payload: { synonyms: [{ term: 'Kochi', words: ['Chesterfield'] }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({
        synonyms: [{ term: 'kochi', words: ['chesterfield'] }],
        built_in: false,
      });
      // Within about a second, both instances search with the new list: 'kochi' finds the
      // Chesterfield, and 'viatu' is no longer a synonym.
      for (const instance of [t.app, other]) {
        await expect
          .poll(
            async () => (await instance.inject('/api/products?q=kochi')).json().products.length,
            { timeout: 5000, interval: 200 },
          )
          .toBe(1);
        await expect
          .poll(async () => (await instance.inject('/api/products?q=viatu')).json().total, {
            timeout: 5000,
            interval: 200,
          })
          .toBe(0);
      }
    } finally {
      await other.close();
      await t.db.execute(sql`delete from search_synonyms`);
      await refreshUnderstanding(t.db);
    }
  });
});

describe('typos', () => {
  it("corrects 'kiondu', 'samsng' and 'sofaa', and says so", async () => {
    for (const [typed, meant, title] of [
      ['kiondu', 'kiondo', 'Kitui Sisal Kiondo Basket, Large'],
      ['samsng', 'samsung', 'Samsung Galaxy A16 128GB'],
      ['sofaa', 'sofa', 'Mahogany 3-Seater Chesterfield Sofa'],
      ['lpatop', 'laptop', 'HP 250 G10 Core i5 8GB 512GB SSD'],
    ] as const) {
      const found = await search(typed);
      expect(found.corrected_query, typed).toBe(meant);
      expect(found.products.map((p) => p.title)).toContain(title);
    }
  });

  it('does not correct a query that finds something, nor invent a word', async () => {
    const found = await search('kiondo');
    expect(found.corrected_query).toBeUndefined();
    expect(await search('zzqqxx')).toMatchObject({ products: [], total: 0 });
    expect((await search('zzqqxx')).corrected_query).toBeUndefined();
  });
});

describe('suggestions', () => {
  async function suggest(q: string) {
    const res = await t.app.inject(`/api/search/suggest?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Suggestion[];
  }

  it("offers the Laptops category for 'lap', then products", async () => {
    const found = await suggest('lap');
    expect(found[0]).toEqual({
      type: 'category',
      label: 'Laptops',
      url: '/products?category=laptops',
    });
    expect(found.length).toBeLessThanOrEqual(8);
    expect(found.some((s) => s.type === 'product' && /^\/products\/\d+$/.test(s.url))).toBe(true);
  });

  it('offers brands by their beginning and the categories a Swahili word names', async () => {
    expect(await suggest('sams')).toContainEqual({
      type: 'brand',
      label: 'Samsung',
      url: '/products?brand=Samsung',
    });
    const shoes = (await suggest('viatu')).filter((s) => s.type === 'category');
    expect(shoes.map((s) => s.label)).toEqual(["Men's Shoes", "Women's Shoes"]);
    expect(await suggest('   ')).toEqual([]);
  });
});

describe('bad input', () => {
  const queries = [
    'a',
    'x'.repeat(500),
    'word '.repeat(100),
    '!!!',
    '%',
    '_',
    '\\',
    '\\\\%_',
    `'"`,
    "o'reilly",
    '🇰🇪👟',
    'مرحبا عالم',
    '\u202eviatu',
    '::* & | !',
  ];

  it('answers 200 to every odd query, with results or none, in the listing and the suggestions', async () => {
    for (const q of queries) {
      for (const url of [
        '/api/products?q=',
        '/api/search/suggest?q=',
        '/api/products?sort=priceAsc&q=',
      ]) {
        const res = await t.app.inject(`${url}${encodeURIComponent(q)}`);
        expect(res.statusCode, `${url}${q}`).toBe(200);
      }
    }
    // '%' and '_' are literal characters, not patterns.
    expect((await search('%')).total).toBe(0);
  });

  it('keeps the 400 for a NUL', async () => {
    const res = await t.app.inject('/api/products?q=sofa%00');
    expect(res.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@duka/domain';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { categories, denseSearches, products } from '../schema.ts';
import { seedDemoCatalog } from '../../seed/demo.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { WALK_LIMIT, walkStatement } from './listing.ts';
import {
  matchesAllWords,
  oncePerRun,
  rankTiers,
  searchTerms,
  type SearchTerms,
} from './title-match.ts';
import { queryRows } from '../../lib/sql.ts';
import { hasTrigram, narrowestPiece, withIndexedWords, withTrigramWords } from './word-stats.ts';

let t: TestContext;
let category: number;
let n = 0;

/** Adds products with these titles (in this order, so ids follow it); returns their ids. */
async function add(titles: string[], extra: Partial<typeof products.$inferInsert> = {}) {
  const rows = await t.db
    .insert(products)
    .values(
      titles.map((title) => ({
        title,
        description: 'd',
        categoryId: category,
        brand: 'Searchbrand',
        sku: `S-${++n}`,
        priceCents: 100_000 + ((n * 7919) % 50_000),
        ...extra,
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

async function search(query: string) {
  const res = await t.app.inject(`/api/products?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ProductPage;
}

const titles = (page: ProductPage) => page.products.map((p) => p.title);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db);
  const [row] = await t.db
    .insert(categories)
    .values({ slug: 'search-tests', name: 'Search tests' })
    .returning();
  category = row!.id;
});
afterAll(() => t.close());

describe('which titles a search finds', () => {
  it('finds every word in any order', async () => {
    const found = await search('q=Double-Decker%203x6%20Cypress');
    expect(titles(found)).toEqual(['Cypress 3x6 Double-Decker Bunk Bed']);
    expect(found.total).toBe(1);
  });

  it('ignores case and accents, in the title and in the query', async () => {
    await add(['Crème Brûlée Torch', 'Brulee Ramekin Set', 'Café Au Lait Mug']);
    expect(titles(await search('q=creme%20BRULEE'))).toEqual(['Crème Brûlée Torch']);
    expect(titles(await search('q=br%C3%BBl%C3%A9e&sort=titleAsc'))).toEqual([
      'Brulee Ramekin Set',
      'Crème Brûlée Torch',
    ]);
    expect(titles(await search('q=CAFE%20mug'))).toEqual(['Café Au Lait Mug']);
  });

  it('keeps the substring rule: any part of the title, even across words', async () => {
    await add(['Samsung Galaxy Tab Zq9']);
    expect(titles(await search('q=ung%20Gal'))).toContain('Samsung Galaxy Tab Zq9');
    expect(titles(await search('q=xy%20ta'))).toContain('Samsung Galaxy Tab Zq9');
    expect(titles(await search('q=tab%20zq9'))).toEqual(['Samsung Galaxy Tab Zq9']);
  });

  it('needs every word: one missing word finds nothing', async () => {
    expect(await search('q=samsung%20zzqqx')).toMatchObject({ products: [], total: 0 });
  });
});

describe('best match first', () => {
  it('puts the exact title first, then whole words and prefixes, then other substrings', async () => {
    // Added so that catalogue order (by id) is the reverse of the best order.
    const [inside, laterWord, prefix, firstWord, exact] = await add([
      'Loveseat Bisofa Qx7 Cover',
      'Corner Sofa Qx7',
      'Sofabed Qx7 Deluxe',
      'Sofa Bed Qx7',
      'Sofa qx7',
    ]);
    const found = await search('q=sofa%20qx7');
    expect(found.products.map((p) => p.id)).toEqual([exact, laterWord, prefix, firstWord, inside]);
    // The exact title, whatever the case and spacing of the query.
    const shouted = await search('q=SOFA%20%20QX7');
    expect(shouted.products[0]!.id).toBe(exact);
    // Words in another order: no exact title, the rest as before.
    const reversed = await search('q=qx7%20sofa');
    expect(reversed.products.map((p) => p.id)).toEqual([
      laterWord,
      prefix,
      firstWord,
      exact,
      inside,
    ]);
  });

  it('still applies the other sorts', async () => {
    const byPrice = await search('q=qx7&sort=priceAsc');
    const prices = byPrice.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.total).toBe(5);
  });
});

describe('a search with more than 1,000 matches', () => {
  let ctx: TestContext;
  let ids: number[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    const [row] = await ctx.db
      .insert(categories)
      .values({ slug: 'mass', name: 'Mass' })
      .returning();
    const make = (titles: string[]) =>
      ctx.db
        .insert(products)
        .values(
          titles.map((title, i) => ({
            title,
            description: 'd',
            categoryId: row!.id,
            brand: 'Mass',
            sku: `M-${i}`,
            priceCents: 1000 + ((i * 7919) % 5000),
          })),
        )
        .returning({ id: products.id });
    // Non-matches first, more than a walk reads: matches bunched at the far end.
    await make(Array.from({ length: WALK_LIMIT + 100 }, (_, i) => `Plain Stool ${i}`));
    const rows = await make([
      ...Array.from({ length: 1_050 }, (_, i) => `Mass Teakettle ${i}`),
      ...Array.from({ length: 20 }, (_, i) => `Mass Kettle ${i}`),
      'Kettle',
    ]);
    ids = rows.map((r) => r.id);
  });
  afterAll(() => ctx.close());

  const get = async (url: string) => (await ctx.app.inject(url)).json() as ProductPage;

  it('says 1,000+ and pages through the tiers in order', async () => {
    const exact = ids.at(-1)!;
    const words = ids.slice(-21, -1);
    const inside = ids.slice(0, -21);
    const expected = [exact, ...words, ...inside];
    const first = await get('/api/products?q=kettle&limit=8');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.products.map((p) => p.id)).toEqual(expected.slice(0, 8));
    for (const skip of [16, 24, 1000]) {
      const page = await get(`/api/products?q=kettle&limit=8&skip=${skip}`);
      expect(page.products.map((p) => p.id)).toEqual(expected.slice(skip, skip + 8));
    }
    const last = await get('/api/products?q=kettle&limit=8&skip=1068');
    expect(last.products.map((p) => p.id)).toEqual(expected.slice(1068));
  });

  it('sorts by price across the whole set', async () => {
    const cheapest = await get('/api/products?q=kettle&sort=priceAsc&limit=5');
    const [rows] = [
      await ctx.db
        .select({ id: products.id })
        .from(products)
        .where(sql`${products.title} ilike '%kettle%'`)
        .orderBy(products.salePriceCents, products.id)
        .limit(5),
    ];
    expect(cheapest.products.map((p) => p.id)).toEqual(rows.map((r) => r.id));
  });

  it('remembers that it is dense, and counts again once products are deleted', async () => {
    await get('/api/products?q=teakettle%20mass&limit=8');
    const memo = await ctx.db.select().from(denseSearches);
    expect(memo.map((m) => m.words)).toContain('mass teakettle');
    // Same words in another order and case: the memo answers.
    expect(await get('/api/products?q=MASS%20teakettle&limit=1')).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
    await ctx.db.delete(products).where(inArray(products.id, ids.slice(0, 100)));
    // The delete moved the catalogue's generation on: each instance sees it within a second.
    await expect
      .poll(async () => (await get('/api/products?q=mass%20teakettle&limit=1')).total, {
        timeout: 5000,
        interval: 250,
      })
      .toBe(950);
  });

  it("reads a dense search's first page in one statement: the exact title, then the walk", async () => {
    const [row] = await ctx.db
      .insert(categories)
      .values({ slug: 'lamps', name: 'Lamps' })
      .returning();
    const made = await ctx.db
      .insert(products)
      .values(
        ['Clamp 0', ...Array.from({ length: 1_010 }, (_, i) => `Bulk Lamp ${i}`), 'LAMP'].map(
          (title, i) => ({
            title,
            description: 'd',
            categoryId: row!.id,
            brand: 'Lamps',
            sku: `L-${i}`,
            priceCents: 1000,
          }),
        ),
      )
      .returning({ id: products.id });
    const ids = made.map((r) => r.id);
    const exact = ids.at(-1)!;
    const words = ids.slice(1, -1);
    const first = await get('/api/products?q=lamp&category=lamps&limit=8');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.products.map((p) => p.id)).toEqual([exact, ...words.slice(0, 7)]);
    // The next pages tier by tier, as before; the substring match ('Clamp') comes last.
    const second = await get('/api/products?q=lamp&category=lamps&limit=8&skip=8');
    expect(second.products.map((p) => p.id)).toEqual(words.slice(7, 15));
    const last = await get('/api/products?q=lamp&category=lamps&limit=8&skip=1008');
    expect(last.products.map((p) => p.id)).toEqual([...words.slice(1007), ids[0]]);
  });

  it('pages a dense search whose first page falls short: exact title, whole words, then insides', async () => {
    // 'amp' is in 1,013 of the lamps' titles: all of one ('AMP'), the start of a word in one.
    const [lamps] = await ctx.db.select().from(categories).where(eq(categories.slug, 'lamps'));
    const added = await ctx.db
      .insert(products)
      .values(
        ['AMP', 'Ampere Bulb'].map((title, i) => ({
          title,
          description: 'd',
          categoryId: lamps!.id,
          brand: 'Lamps',
          sku: `L-AMP-${i}`,
          priceCents: 1000,
        })),
      )
      .returning({ id: products.id });
    const [exact, whole] = added.map((r) => r.id);
    const inside = (
      await ctx.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.categoryId, lamps!.id), not(inArray(products.id, [exact!, whole!]))))
        .orderBy(products.id)
    ).map((r) => r.id);
    const first = await get('/api/products?q=amp&category=lamps&limit=8');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.products.map((p) => p.id)).toEqual([exact, whole, ...inside.slice(0, 6)]);
    const second = await get('/api/products?q=amp&category=lamps&limit=8&skip=8');
    expect(second.products.map((p) => p.id)).toEqual(inside.slice(6, 14));
  });

  it('remembers in the instance whether a search is dense, without asking the database again', async () => {
    const sparse = await get('/api/products?q=stool%2042&limit=8');
    expect(sparse.totalCapped).toBeUndefined();
    // The shared memo now calls it dense at the current generation (as if another instance had
    // counted a different catalogue): this instance found it sparse and does not ask.
    await ctx.db.execute(sql`insert into ${denseSearches} (words, category, brand, generation)
      values ('42 stool', '', '', (select n from catalog_generation))`);
    expect(await get('/api/products?q=stool%2042&limit=8')).toEqual(sparse);
  });
});

describe('choosing the words to look up', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    const [row] = await ctx.db
      .insert(categories)
      .values({ slug: 'tools', name: 'Tools' })
      .returning();
    await ctx.db.insert(products).values(
      Array.from({ length: 301 }, (_, i) => ({
        // The last holds every three letters of 'widget' but not the word.
        title:
          i === 150 ? 'Common Widget Zq77x' : i === 300 ? 'Common Widg Dget' : `Common Widget ${i}`,
        description: 'd',
        categoryId: row!.id,
        brand: 'Tools',
        sku: `W-${i}`,
        priceCents: 1000,
      })),
    );
    // ANALYZE is the owner's (the app's role would be skipped with a warning).
    await (await ctx.database.openOwner()).db.execute(sql`analyze products`);
  });
  afterAll(() => ctx.close());

  it('looks up only the words the statistics call rare, and still finds by every word', async () => {
    // No sampled title has 'zq99q': rare. Every one has 'widget' and 'common'.
    const terms = await withIndexedWords(ctx.db, searchTerms('widget ZQ99Q common')!);
    expect([...(terms.indexed ?? [])]).toEqual(['ZQ99Q']);
    const common = await withIndexedWords(ctx.db, searchTerms('widget common')!);
    expect(common.indexed).toBeUndefined();
    const found = (await ctx.app.inject('/api/products?q=widget%20ZQ77X%20common')).json();
    expect(found).toMatchObject({ total: 1, products: [{ title: 'Common Widget Zq77x' }] });
    const none = (await ctx.app.inject('/api/products?q=widget%20ZQ99Q%20common')).json();
    expect(none).toMatchObject({ total: 0, products: [] });
  });

  it('looks up common words by their narrowest three letters, and checks the whole word', async () => {
    const terms = await withIndexedWords(ctx.db, searchTerms('widget common')!);
    expect(terms.indexed).toBeUndefined();
    // Every sampled title holding 'wid' holds 'widget' but one: narrow enough.
    expect(Object.fromEntries(terms.pieces ?? [])).toEqual({ widget: 'wid', common: 'com' });
    const found = (await ctx.app.inject('/api/products?q=widget%20common&limit=100')).json();
    expect(found.total).toBe(300);
    // The one left out is found by what it holds.
    const pieces = (await ctx.app.inject('/api/products?q=widg%20dget%20common')).json();
    expect(pieces.total).toBe(301);
    // A piece that is not part of the word (it never should be) cannot lose a match.
    const count = async (search: SearchTerms) => {
      const rows = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from ${products} where ${matchesAllWords(search)}`,
      );
      return rows[0]!.n;
    };
    const widget = searchTerms('widget')!;
    expect(await count({ ...widget, pieces: new Map([['widget', 'zzz']]) })).toBe(300);
    expect(await count({ ...widget, pieces: new Map([['widget', 'dge']]) })).toBe(300);
  });

  it('takes the piece fewest titles hold, only when barely more hold it than the word', () => {
    const titles = ['lamu loom', 'lamu mat', 'lamp', 'clamp x', 'desk lamp'];
    // 'lam': 5 titles, 'amp': 3, as many as 'lamp'.
    expect(narrowestPiece('lamp', titles)).toBe('amp');
    // Each of 'spe', 'pea', 'eak', 'ake' and 'ker' in 6 titles, the word in 4: half as many more.
    const twice = ['spear', 'teak', 'cake', 'poker'].flatMap((t) => [t, t]);
    const speakers = [...Array(4).fill('speaker'), ...twice];
    expect(narrowestPiece('speaker', speakers)).toBeUndefined();
    // With 8 speakers, 10 titles hold each piece: a quarter more.
    expect(narrowestPiece('speaker', [...speakers, ...Array(4).fill('speaker')])).toBe('spe');
    // Three letters or fewer, in no title, or no three letters or digits in a row.
    expect(narrowestPiece('lam', titles)).toBeUndefined();
    expect(narrowestPiece('zebra', titles)).toBeUndefined();
    expect(narrowestPiece("p'e'a", ["p'e'a"])).toBeUndefined();
    expect(narrowestPiece("men's", ["men's shoes", 'women'])).toBe('men');
  });

  it('looks up no word without a trigram (the index would be read whole), and finds it all the same', async () => {
    expect(['ball', '289-o', 'Sófa', 'abc'].map(hasTrigram)).toEqual([true, true, true, true]);
    expect(['4', 'tv', '%%%', 'a-b-c', '手机壳'].map(hasTrigram)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([...(withTrigramWords(searchTerms('widget 4')!).indexed ?? [])]).toEqual(['widget']);
    expect([...(withTrigramWords(searchTerms('et 15')!).indexed ?? [])]).toEqual([]);
    expect(withTrigramWords(searchTerms('common widget')!).indexed).toBeUndefined();
    // Found by reading rows, not the index: every title with both.
    const found = (await ctx.app.inject('/api/products?q=et%2015&limit=100')).json();
    const expected = Array.from({ length: 300 }, (_, i) =>
      i === 150 ? 'Common Widget Zq77x' : `Common Widget ${i}`,
    ).filter((title) => title.includes('15'));
    expect(found.total).toBe(expected.length);
    expect(found.products.map((p: { title: string }) => p.title).sort()).toEqual(expected.sort());
  });
});

describe('statements planned once', () => {
  const textOf = (query: Parameters<PgDialect['sqlToQuery']>[0]) =>
    new PgDialect().sqlToQuery(query);

  it("writes the walk's length into its text, so that a generic plan can be costed", () => {
    const terms = searchTerms('sofa bed')!;
    const walk = textOf(
      walkStatement({}, matchesAllWords(terms, undefined, false, oncePerRun), 'id', 0, 8),
    );
    expect(walk.sql).toContain(`limit ${WALK_LIMIT}`);
    expect(walk.params).not.toContain(WALK_LIMIT);
  });

  it("writes a first page into the statement that collects a search's matches, and binds later ones", async () => {
    // What the server sends, recorded on its way to the database (either driver).
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const send = client.query;
    const sent: { text: string; values: unknown[] }[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[]];
      sent.push(
        typeof first === 'string'
          ? { text: first, values: second ?? [] }
          : { text: first.text, values: first.values ?? [] },
      );
      return send.apply(this, args);
    };
    const collecting = async (query: string) => {
      sent.length = 0;
      expect((await search(query)).total).toBeGreaterThan(0);
      const found = sent.find((s) => s.text.trimStart().startsWith('with m as ('));
      expect(found).toBeDefined();
      return found!;
    };
    try {
      // With LIMIT and OFFSET bound, PostgreSQL costs the generic plan as if a tenth of the
      // matches were read, never prefers it, and plans every run anew (0.4–0.5 ms a search at a
      // million products, measured: docs/benchmarks.md, stop 51).
      const first = await collecting('q=sofa&limit=3');
      expect(first.text).toMatch(/ limit 3\s*\) page on true/);
      expect(first.text).not.toMatch(/offset \$\d+/);
      const later = await collecting('q=sofa&limit=3&skip=1');
      expect(later.text).toMatch(/offset \$\d+ limit \$\d+\s*\) page on true/);
    } finally {
      client.query = send;
    }
  });

  it("computes the query's words once per run in the statements with a generic plan", () => {
    const terms = searchTerms('sofa bed')!;
    const once = textOf(and(...rankTiers(terms, undefined, oncePerRun))!);
    expect(once.sql).toMatch(/= \(select duka_search_text\(\$\d+\)\)/);
    expect(once.sql).toMatch(/@@ \(select to_tsquery\(/);
    const folded = textOf(and(...rankTiers(terms))!);
    expect(folded.sql).not.toContain('(select');
  });
});

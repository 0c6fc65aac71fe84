// What the benchmark asks for: each endpoint's rotating mix of paths, for Duka and the bare server.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { CATEGORY_SEEDS } from '../src/seed/catalog-data.ts';
import { SALE_PRODUCTS, startFlashSale } from './flash-sale.ts';

export interface Workload {
  name: string;
  duka: string[];
  /** The same pages from the bare server, if it serves them. */
  bare?: string[];
  /** This bare figure is the floor (a category's page of 8 alone). */
  isFloor?: boolean;
  /** Compare Duka with the floor. */
  floor: boolean;
  /** Made before its runs (warm-up included); what it answers is called after them. */
  setUp?: (origin: string) => Promise<() => Promise<void>>;
}

/**
 * Common words, several words in any order, prefixes, accents, substrings, misses; then what
 * shoppers mean rather than type: category words and plurals, brands, Swahili, typos.
 */
const SEARCHES = [
  'sofa',
  'kettle',
  'safari',
  'tecno',
  'lamp premium',
  'dress heritage',
  'heritage dress',
  'ball 4',
  'headph',
  'blend',
  'Sófa Fámily',
  'KETTLÉ',
  'afar',
  'nike sneaker',
  'cypress bunk bed',
  'zzzz',
  'laptops',
  'smartphone',
  "men's shoes",
  'samsung',
  'oraimo speaker',
  'viatu',
  'simu samsung',
  'kitanda',
  'samsng',
  'kiondu',
  'sofaa',
  'couch',
];

/** What a shopper has typed so far, letter by letter and word by word. */
const TYPED = ['la', 'lap', 'lapt', 'sam', 'sams', 'vi', 'viatu', 'sof', 'men', "men's sh", 'kit'];

/** Rare searches that exist: titles of products spread over the catalogue, words reversed. */
async function rareSearches(db: Db): Promise<string[]> {
  const rows = (await db.execute(
    sql`select title from products where id % 99991 = 7 order by id limit 8`,
  )) as unknown as { rows: { title: string }[] };
  return rows.rows.flatMap((r, i) => {
    const words = r.title.split(' ');
    // Half of them exactly as listed (the exact title comes first), half in reverse order.
    return i % 2 === 0 ? [r.title] : [words.reverse().join(' ')];
  });
}

/** The product sold in the most variants (the synthetic seed's 200). */
export async function widestProduct(db: Db): Promise<number> {
  const [{ wide = 1 } = {}] = (
    (await db.execute(
      sql`select product_id::int as wide from product_variants where archived_at is null
          group by product_id order by count(*) desc, product_id limit 1`,
    )) as unknown as { rows: { wide: number }[] }
  ).rows;
  return wide;
}

export async function workloads(db: Db, saleRefreshSeconds: number): Promise<Workload[]> {
  const slugs = CATEGORY_SEEDS.map((c) => c.slug);
  const [{ max = 1 } = {}] = (
    (await db.execute(sql`select max(id)::int as max from products`)) as unknown as {
      rows: { max: number }[];
    }
  ).rows;
  const ids = Array.from({ length: 500 }, (_, i) => 1 + ((i * 7919) % max));
  // Sizes and colours (issue 21): the synthetic shoes' sizes, and the product sold in 200 variants.
  const shoes = ['mens-shoes', 'womens-shoes'];
  const sizes = ['38', '39', '40', '41', '42', '43', '44', '45'];
  const wide = await widestProduct(db);
  const searches = [...SEARCHES, ...(await rareSearches(db))];
  const q = (s: string) => encodeURIComponent(s);
  return [
    {
      name: 'category page `?category=…&limit=8`',
      duka: slugs.map((s) => `/api/products?category=${s}&limit=8`),
      bare: slugs.map((s) => `/category?slug=${s}`),
      isFloor: true,
      floor: true,
    },
    {
      // Right after the same pages without a sale, so the two are side by side (issue 36).
      name: `category page, ${SALE_PRODUCTS.toLocaleString('en')} products on sale`,
      duka: slugs.map((s) => `/api/products?category=${s}&limit=8`),
      bare: slugs.map((s) => `/category?slug=${s}`),
      floor: true,
      setUp: (origin) => startFlashSale(db, origin, saleRefreshSeconds, slugs[0]!),
    },
    {
      name: 'search `?q=…&limit=8` (mix of ' + searches.length + ')',
      duka: searches.map((s) => `/api/products?q=${q(s)}&limit=8`),
      floor: true,
    },
    {
      name: 'product detail `/products/{id}`',
      duka: ids.map((id) => `/api/products/${id}`),
      bare: ids.map((id) => `/product?id=${id}`),
      floor: false,
    },
    {
      name: 'category by price, page 101',
      duka: slugs.map((s) => `/api/products?category=${s}&sort=priceAsc&limit=8&skip=800`),
      floor: true,
    },
    {
      name: 'search by price `?q=…&sort=priceAsc`',
      duka: searches.map((s) => `/api/products?q=${q(s)}&sort=priceAsc&limit=8`),
      floor: true,
    },
    {
      name: 'suggestions `/search/suggest?q=…`',
      duka: TYPED.map((s) => `/api/search/suggest?q=${q(s)}`),
      floor: true,
    },
    { name: 'categories facet', duka: ['/api/products/categories'], floor: true },
    {
      name: 'brands facet (all, per category)',
      duka: ['/api/products/brands', ...slugs.map((s) => `/api/products/brands?category=${s}`)],
      floor: true,
    },
    { name: 'home', duka: ['/api/products/home'], floor: true },
    {
      name: 'category page of one size `?category=…&option=Size:42`',
      duka: shoes.flatMap((c) =>
        sizes.map((z) => `/api/products?category=${c}&option=Size:${z}&limit=8`),
      ),
      floor: true,
    },
    {
      name: 'option facets `/products/options?category=…`',
      duka: ['/api/products/options', ...slugs.map((c) => `/api/products/options?category=${c}`)],
      floor: true,
    },
    { name: 'product with 200 variants', duka: [`/api/products/${wide}`], floor: false },
  ];
}

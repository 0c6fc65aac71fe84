// A synthetic catalogue of any size (up to a million products) for benchmarks. Rows are made by
// the database itself (INSERT … SELECT over generate_series), in batches, so a million products
// take minutes rather than hours.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema.ts';
import { mapLimit } from '../lib/map-limit.ts';
import { settleVariants } from '../catalog/stock/index.ts';
import { storeWithWidths } from '../uploads/widths.ts';
import { encodeArtwork, renderProductPixels } from './artwork.ts';
import { CATEGORY_SEEDS } from './catalog-data.ts';

const BRANDS = [
  'Samsung',
  'Tecno',
  'Infinix',
  'HP',
  'Lenovo',
  'Ramtons',
  'Mika',
  'Bata',
  'Nike',
  'Adidas',
  'Nivea',
  'Safari',
  'Jua Power',
  'Lamu Loom',
  'Mti Mzuri',
  'Kabras',
  'Brookside',
  'Oraimo',
];
const ADJECTIVES = [
  'Classic',
  'Premium',
  'Compact',
  'Deluxe',
  'Everyday',
  'Heritage',
  'Urban',
  'Safari',
  'Coastal',
  'Highland',
  'Savanna',
  'Rift',
  'Modern',
  'Sturdy',
  'Lightweight',
  'Family',
];
const NOUNS = [
  'Sofa',
  'Table',
  'Lamp',
  'Basket',
  'Sneaker',
  'Loafer',
  'Dress',
  'Laptop',
  'Phone',
  'Tablet',
  'Speaker',
  'Kettle',
  'Blender',
  'Lotion',
  'Perfume',
  'Shirt',
  'Sandal',
  'Watch',
  'Ball',
  'Stroller',
  'Solar Kit',
  'Headphones',
  'Cooker',
  'Backpack',
];

const arr = (items: string[]) =>
  sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/** Pictures per category for synthetic products: a million products share these few files. */
export const SYNTHETIC_LOOKS = 4;

/**
 * SYNTHETIC_LOOKS pictures per category (800 px, with their width copies), under
 * DATA_DIR/images/products as `synthetic-<slug>-<n>.webp`. Products point at them by number.
 */
export async function renderSyntheticImages(imagesDir: string): Promise<void> {
  const dir = path.join(imagesDir, 'products');
  const jobs = CATEGORY_SEEDS.flatMap((category) =>
    Array.from({ length: SYNTHETIC_LOOKS }, (_, n) => ({ category, n })),
  );
  await mapLimit(jobs, 2, async ({ category, n }) => {
    const pixels = await renderProductPixels({
      title: `${ADJECTIVES[n % ADJECTIVES.length]} ${category.name}`,
      brand: BRANDS[(n * 5) % BRANDS.length]!,
      categoryName: category.name,
      colors: category.colors,
      variant: n,
    });
    const name = `synthetic-${category.slug}-${n}.webp`;
    await storeWithWidths(dir, name, await encodeArtwork(pixels), pixels);
  });
}

export async function ensureCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORY_SEEDS.map((c) => ({ slug: c.slug, name: c.name })))
    .onConflictDoNothing();
}

/** Inserts products numbered [from, to) (1-based, inclusive-exclusive). */
export async function insertSyntheticBatch(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    with cats as (select array_agg(id order by id) as ids, array_agg(slug order by id) as slugs from ${categories})
    insert into products (
      title, description, category_id, brand, sku, price_cents, discount_bp, stock, rating,
      review_count, thumbnail, tags, weight_grams, width_mm, height_mm, depth_mm, created_at, updated_at
    )
    select
      b.brand || ' ' || (${arr(ADJECTIVES)})[1 + (i * 7) % ${ADJECTIVES.length}] || ' '
        || (${arr(NOUNS)})[1 + (i * 13) % ${NOUNS.length}] || ' ' || (100 + i % 900)::text
        || '-' || chr(65 + (i / 900) % 26),
      'Synthetic product ' || i || ' for load testing.',
      cats.ids[1 + i % array_length(cats.ids, 1)],
      b.brand,
      'SYN-' || lpad(i::text, 7, '0'),
      (200 + (i::bigint * 7919) % 250000) * 100,
      ((i * 31) % 41) * 100,
      (i * 17) % 251,
      round((3 + ((i * 37) % 201) / 100.0)::numeric, 2)::float8,
      (i * 3) % 12,
      '/images/products/synthetic-' || cats.slugs[1 + i % array_length(cats.slugs, 1)] || '-'
        || ((i / array_length(cats.slugs, 1)) % ${SYNTHETIC_LOOKS})::text || '.webp',
      array[cats.slugs[1 + i % array_length(cats.slugs, 1)]],
      100 + (i * 11) % 20000,
      50 + (i * 3) % 1500, 50 + (i * 5) % 1500, 20 + (i * 7) % 800,
      now() - ((i % 365) || ' days')::interval,
      now()
    from generate_series(${from}::int, ${to - 1}::int) as i
    cross join cats
    cross join lateral (select (${arr(BRANDS)})[1 + (i * 5) % ${BRANDS.length}] as brand) b
  `);
}

/** The SKU of synthetic product number i (what insertSyntheticBatch gives it). */
const synSku = (i: number) => `SYN-${String(i).padStart(7, '0')}`;

const SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'];

/**
 * Replaces the products' default variants with the ones `insertVariants` writes, with the
 * triggers off for the transaction (a bulk seed: a million products' variants one trigger call
 * at a time took about an hour), then settles what the triggers keep, set-based.
 */
async function bulkVariants(
  db: Db,
  ids: ReturnType<typeof sql>,
  write: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from product_variants where product_id in (${ids})`);
    await write(tx as unknown as Db);
    // Still with the triggers off: one of them keeps a product's totals from direct writes.
    await settleVariants(tx, ids);
  });
}

/**
 * The batch's shoes come in sizes 38–45 (issue 21), every fourth size sold out: the option
 * filters and facets have something to find.
 */
export async function sizeSyntheticShoes(db: Db, from: number, to: number): Promise<void> {
  const shoes = sql`select p.id, p.sku, p.price_cents, p.discount_bp, p.stock
    from ${products} p join ${categories} c on c.id = p.category_id
    where p.sku between ${synSku(from)} and ${synSku(to - 1)}
      and c.slug in ('mens-shoes', 'womens-shoes')`;
  await bulkVariants(db, sql`select id from (${shoes}) s`, async (tx) => {
    await tx.execute(sql`insert into product_options (product_id, position, name, values)
      select id, 1, 'Size', ${arr(SHOE_SIZES)} from (${shoes}) s`);
    await tx.execute(sql`insert into product_variants
        (product_id, position, sku, title, option1, option_keys, price_cents, discount_bp, stock)
      select s.id, t.k - 1, s.sku || '-' || t.size, t.size, t.size, array['Size=' || t.size],
        s.price_cents, s.discount_bp,
        case when (s.id + t.k) % 4 = 3 then 0 else greatest(s.stock / 6, 1) end
      from (${shoes}) s cross join unnest(${arr(SHOE_SIZES)}) with ordinality as t(size, k)`);
  });
}

/** One product sold in 200 variants (20 sizes × 10 colours): the product page's worst case. */
export async function widenSyntheticProduct(db: Db, n: number): Promise<void> {
  const [row] = (
    (await db.execute(sql`select id from ${products} where sku = ${synSku(n)}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  if (!row) return;
  const id = row.id;
  const sizes = Array.from({ length: 20 }, (_, i) => String(30 + i));
  const colours = [
    'Black',
    'White',
    'Red',
    'Blue',
    'Green',
    'Grey',
    'Navy',
    'Brown',
    'Pink',
    'Gold',
  ];
  await bulkVariants(db, sql`select ${id}::int`, async (tx) => {
    await tx.execute(sql`insert into product_options (product_id, position, name, values)
      values (${id}, 1, 'Size', ${arr(sizes)}), (${id}, 2, 'Colour', ${arr(colours)})`);
    await tx.execute(sql`insert into product_variants
        (product_id, position, sku, title, option1, option2, option_keys, price_cents, stock)
      select p.id, (a.i - 1) * 10 + b.j - 1, p.sku || '-' || a.size || '-' || upper(b.colour),
        a.size || ' / ' || b.colour, a.size, b.colour,
        array['Size=' || a.size, 'Colour=' || b.colour], p.price_cents, (a.i + b.j) % 5
      from ${products} p
      cross join unnest(${arr(sizes)}) with ordinality as a(size, i)
      cross join unnest(${arr(colours)}) with ordinality as b(colour, j)
      where p.id = ${id}`);
  });
}

export async function seedSynthetic(
  db: Db,
  count: number,
  onProgress?: (done: number) => void,
  batchSize = 20_000,
): Promise<void> {
  await ensureCategories(db);
  for (let from = 1; from <= count; from += batchSize) {
    const to = Math.min(count + 1, from + batchSize);
    await insertSyntheticBatch(db, from, to);
    await sizeSyntheticShoes(db, from, to);
    onProgress?.(to - 1);
  }
  await widenSyntheticProduct(db, 1);
  // Fresh statistics and visibility map, as autovacuum would give a real catalogue.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
}

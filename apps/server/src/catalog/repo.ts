// Catalogue queries. Filtering, sorting and paging all happen in the database. Queries of a fixed
// shape are named prepared statements (prepared.ts); a text search is planned with its own words,
// so the planner can tell a common word from a rare one.
import {
  and,
  asc,
  count,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { TOP_PICK_MIN_RATING, type ProductSort } from '@duka/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  categories,
  optionValueCounts,
  productCounts,
  productImages,
  productOptions,
  products,
  productVariants,
  reviews,
} from './schema.ts';
import { queryRows } from '../lib/sql.ts';
import { arrayRows, literalPage, prepared } from './prepared.ts';
import { matchesAllWords, type SearchTerms } from './query/title-match.ts';

/** What a product card shows (SPEC §2.3) and nothing more. */
const cardColumns = {
  id: products.id,
  title: products.title,
  titleSw: products.titleSw,
  category: categories.slug,
  brand: products.brand,
  priceCents: products.priceCents,
  discountBp: products.discountBp,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stock: products.stock,
  thumbnail: products.thumbnail,
  createdAt: products.createdAt,
};

/**
 * How a listing is ordered: a shopper's sort; 'id', catalogue order (oldest first); or 'best',
 * best match first for a text search and catalogue order otherwise.
 */
export type ListOrder = ProductSort | 'id' | 'best';

const ORDER_BY: Record<Exclude<ListOrder, 'best'>, SQL[]> = {
  id: [asc(products.id)],
  priceAsc: [asc(products.salePriceCents), asc(products.id)],
  priceDesc: [desc(products.salePriceCents), desc(products.id)],
  titleAsc: [sql`lower(${products.title}) collate "C" asc`, asc(products.id)],
  titleDesc: [sql`lower(${products.title}) collate "C" desc`, desc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  stock: [desc(products.stock), asc(products.id)],
  rating: [desc(products.rating), asc(products.id)],
};

/**
 * The ORDER BY of a listing. Within one category (or brand) the same order is written with the
 * filtered column first: the rows are the same, but only the composite index gives that order,
 * so PostgreSQL walks the category's own index entries instead of the whole catalogue's primary
 * key looking for them (which it may choose when it cannot know the category: a prepared plan).
 */
export function orderFor(filter: ProductFilter, order: Exclude<ListOrder, 'best'>): SQL[] {
  const keys = ORDER_BY[order];
  const descending = ['priceDesc', 'titleDesc', 'newest'].includes(order);
  const lead = (column: AnyPgColumn) => (descending ? desc(column) : asc(column));
  if (filter.categorySlug !== undefined && order !== 'stock' && order !== 'rating') {
    return [lead(products.categoryId), ...keys];
  }
  if (filter.brand !== undefined && order === 'id') return [lead(products.brand), ...keys];
  return keys;
}

export interface ProductFilter {
  search?: SearchTerms | undefined;
  categorySlug?: string | undefined;
  brand?: string | undefined;
  minRating?: number | undefined;
  ratingAbove?: number | undefined;
  excludeId?: number | undefined;
  /** Option values as the variants' keys, 'Size=42': a variant in stock must have them all. */
  options?: string[] | undefined;
}

export interface Page {
  limit: number;
  skip: number;
}

/** A value in a query: a placeholder in a prepared statement, or the value itself. */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
export const placeholders: Bind = (name) => sql.placeholder(name);
export const values: Bind = (_name, value) => value;

/** The values of a prepared statement's placeholders. */
export const bindings = (filter: ProductFilter, page?: Page) => ({
  category: filter.categorySlug,
  brand: filter.brand,
  minRating: filter.minRating,
  ratingAbove: filter.ratingAbove,
  exclude: filter.excludeId,
  options: filter.options,
  ...page,
});

/** Which filters are set: names the prepared statements of that shape. */
export function shapeOf(filter: ProductFilter): string {
  const set = (v: unknown, letter: string) => (v === undefined ? '' : letter);
  return (
    set(filter.categorySlug, 'c') +
      set(filter.brand, 'b') +
      set(filter.minRating, 'm') +
      set(filter.ratingAbove, 'r') +
      set(filter.excludeId, 'x') +
      // One option value or several: two texts of the option filter.
      (filter.options === undefined ? '' : filter.options.length > 1 ? 'O' : 'o') || 'all'
  );
}

/** The category by slug, inside the query: no round trip of its own, nothing for an unknown one. */
export const categoryIdOf = (slug: unknown) =>
  sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;

/**
 * Products with a variant in stock having every option value: first the values on the product
 * row (some variant in stock has each: a GIN index, or a check on the row a category walk reads
 * anyway), then, for two values or more, that one variant has them all.
 */
function optionsWhere(keys: string[], bind: Bind): SQL {
  const onRow = sql`${products.optionKeys} @> ${bind('options', keys)}::text[]`;
  if (keys.length < 2) return onRow;
  return sql`${onRow} and exists (select 1 from ${productVariants}
    where ${productVariants.productId} = ${products.id}
      and ${productVariants.optionKeys} @> ${bind('options', keys)}::text[]
      and ${productVariants.archivedAt} is null and ${productVariants.stock} > 0)`;
}

export function whereOf(filter: ProductFilter, bind: Bind): SQL | undefined {
  const { categorySlug, brand, minRating, ratingAbove, excludeId } = filter;
  return and(
    filter.search ? matchesAllWords(filter.search) : undefined,
    categorySlug !== undefined
      ? sql`${products.categoryId} = ${categoryIdOf(bind('category', categorySlug))}`
      : undefined,
    brand !== undefined ? sql`${products.brand} = ${bind('brand', brand)}` : undefined,
    minRating !== undefined
      ? sql`${products.rating} >= ${bind('minRating', minRating)}`
      : undefined,
    ratingAbove !== undefined
      ? sql`${products.rating} > ${bind('ratingAbove', ratingAbove)}`
      : undefined,
    excludeId !== undefined ? sql`${products.id} <> ${bind('exclude', excludeId)}` : undefined,
    filter.options !== undefined ? optionsWhere(filter.options, bind) : undefined,
  );
}

function cards(db: Db, where: SQL | undefined, orderBy: SQL[]) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...orderBy);
}

export type CardRow = Awaited<ReturnType<typeof cards>>[number];

/**
 * The cards of these products, in the order given (a product since deleted is left out). One
 * named statement for any number of ids (an array), rows mapped by hand: a cached search's page
 * is read this way on every request.
 */
export async function cardsByIds(db: Db, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const name = 'catalog_cards_by_ids';
  const statement = prepared(db, name, () =>
    cards(db, sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, []).toSQL(),
  );
  const rows = await arrayRows(
    db,
    name,
    statement.sql,
    fillPlaceholders(statement.params, { ids }),
  );
  const byId = new Map(rows.map(cardOf).map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page of cards matching `where`, in `orderBy`. */
export function cardPage(db: Db, where: SQL | undefined, orderBy: SQL[], page: Page) {
  return cards(db, where, orderBy).offset(page.skip).limit(page.limit);
}

/** Totals the counters give exactly: any mix of category, brand and an excluded product. */
export const countedByCounters = (f: ProductFilter) =>
  !f.search &&
  f.minRating === undefined &&
  f.ratingAbove === undefined &&
  (f.options === undefined || countedByOptionCounter(f));

/**
 * One option value, alone or in a category: the facet counter is the total (the products with a
 * variant in stock having it), so the page is not counted by walking it.
 */
const countedByOptionCounter = (f: ProductFilter) =>
  f.options?.length === 1 && f.brand === undefined && f.excludeId === undefined;

/**
 * The total of such a listing, as an expression: the counters of the category and brand, less
 * the excluded product if it is among them.
 */
export function counterTotal(f: ProductFilter, bind: Bind): SQL<number> {
  if (f.options !== undefined) {
    const inCategory =
      f.categorySlug === undefined
        ? sql``
        : sql`and ${optionValueCounts.categoryId} = ${categoryIdOf(bind('category', f.categorySlug))}`;
    return sql<number>`(select coalesce(sum(${optionValueCounts.products}), 0)
      from ${optionValueCounts}
      where ${optionValueCounts.key} = (${bind('options', f.options)}::text[])[1] ${inCategory})::int`;
  }
  const inCategory = (column: AnyPgColumn) =>
    f.categorySlug === undefined
      ? undefined
      : sql`${column} = ${categoryIdOf(bind('category', f.categorySlug))}`;
  const ofBrand = (column: AnyPgColumn) =>
    f.brand === undefined ? undefined : sql`${column} = ${bind('brand', f.brand)}`;
  const counted = and(inCategory(productCounts.categoryId), ofBrand(productCounts.brand));
  const excluded =
    f.excludeId === undefined
      ? sql``
      : sql`- (select count(*) from ${products} where ${and(
          sql`${products.id} = ${bind('exclude', f.excludeId)}`,
          inCategory(products.categoryId),
          ofBrand(products.brand),
        )})`;
  return sql<number>`((select coalesce(sum(${productCounts.products}), 0) from ${productCounts}
    ${counted ? sql`where ${counted}` : sql``}) ${excluded})::int`;
}

/**
 * Filters whose values cannot change the best plan: a category is looked up inside the query
 * (categoryIdOf), so no plan knows it, and leaving one product out changes nothing. A brand, a
 * rating or an option value can (a rare brand is read through its index, a common one walked),
 * so those pages are planned with their values each time.
 */
const planIgnoresValues = (f: ProductFilter) =>
  !f.search &&
  f.brand === undefined &&
  f.minRating === undefined &&
  f.ratingAbove === undefined &&
  f.options === undefined;

/**
 * One page of product cards, without a text search (query/listing.ts has those). When the
 * counters know the total, it comes in the same statement, on every row. When no filter value
 * can change the plan, the page's LIMIT and OFFSET are written into the statement (prepared.ts's
 * literalPage), which PostgreSQL then plans once.
 */
export async function listPage(
  db: Db,
  filter: ProductFilter,
  listOrder: ListOrder,
  page: Page,
): Promise<{ rows: CardRow[]; total?: number }> {
  const order = listOrder === 'best' ? 'id' : listOrder;
  const counted = countedByCounters(filter);
  const base = `catalog_${counted ? 'counted_' : ''}page_${shapeOf(filter)}_${order}`;
  const suffix = planIgnoresValues(filter) ? literalPage(db, base, page) : undefined;
  const literal = suffix === undefined ? undefined : page;
  const name = base + (suffix ?? '');
  const statement = prepared(db, name, () => {
    const query = db
      .select(counted ? { ...cardColumns, total: counterTotal(filter, placeholders) } : cardColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(whereOf(filter, placeholders))
      .orderBy(...orderFor(filter, order));
    return paginated(query, literal).toSQL();
  });
  const values = fillPlaceholders(statement.params, bindings(filter, page));
  const rows = await arrayRows(db, name, statement.sql, values);
  return {
    rows: rows.map(cardOf),
    ...(counted && rows[0] ? { total: rows[0][CARD_COLUMNS] as number } : {}),
  };
}

/** A card's columns in the order they are selected; a counted page's total comes after them. */
const CARD_KEYS = Object.keys(cardColumns) as (keyof CardRow)[];
const CARD_COLUMNS = CARD_KEYS.length;

/** A card from its columns, named by cardColumns' own order (createdAt as text, as Drizzle reads it). */
function cardOf(r: unknown[]): CardRow {
  const card: Record<string, unknown> = {};
  for (let i = 0; i < CARD_COLUMNS; i++) card[CARD_KEYS[i]!] = r[i];
  card.createdAt = new Date(card.createdAt as string);
  return card as unknown as CardRow;
}

/**
 * LIMIT and OFFSET: the page's own numbers written into the text (safe integers, checked by
 * literalPage), or the placeholders 'limit' and 'skip'.
 */
function paginated<Q extends { limit(n: Placeholder): { offset(n: Placeholder): unknown } }>(
  query: Q,
  literal?: Page,
) {
  // Drizzle binds a number as a parameter; raw SQL in a placeholder's stead is written as it is.
  const written = (n: number) => sql.raw(String(n)) as unknown as Placeholder;
  return query
    .limit(literal ? written(literal.limit) : sql.placeholder('limit'))
    .offset(literal ? written(literal.skip) : sql.placeholder('skip')) as ReturnType<
    ReturnType<Q['limit']>['offset']
  >;
}

/** How many products match, counting no further than `cap` (so never a scan of the catalogue). */
export async function countUpTo(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  if (cap <= 0) return 0;
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(cap)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/** Every column a product page shows; the search columns stay in the database. */
const { searchText: _text, searchWords: _words, ...detailColumns } = getTableColumns(products);

export interface OptionRow {
  name: string;
  values: string[];
}

export interface VariantRow {
  id: number;
  sku: string;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  priceCents: number;
  discountBp: number;
  stock: number;
  image: string | null;
}

/** A product with its category, its images in order, its options and variants: one query. */
export async function findProduct(db: Db, id: number) {
  const statement = prepared(db, 'catalog_product', (name) =>
    db
      .select({
        product: detailColumns,
        category: categories.slug,
        categoryName: categories.name,
        images: sql<string[]>`array(
          select ${productImages.url} from ${productImages}
          where ${productImages.productId} = ${products.id} order by ${productImages.position})`,
        options: sql<OptionRow[]>`coalesce((
          select json_agg(json_build_object('name', o.name, 'values', o.values) order by o.position)
          from ${productOptions} o where o.product_id = ${products.id}), '[]'::json)`,
        variants: sql<VariantRow[]>`coalesce((
          select json_agg(json_build_object(
            'id', v.id, 'sku', v.sku, 'title', v.title,
            'option1', v.option1, 'option2', v.option2, 'option3', v.option3,
            'priceCents', v.price_cents, 'discountBp', v.discount_bp, 'stock', v.stock,
            'image', v.image) order by v.position, v.id)
          from ${productVariants} v
          where v.product_id = ${products.id} and v.archived_at is null), '[]'::json)`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row;
}

/**
 * Weekly Offers: the products on sale now (`onSale`, issue 36), then the first product (lowest
 * id) of each category, optionally searched. The set is a few thousand ids at most, found by
 * primary key: the sales' ids, and one index probe on (category_id, id) per category.
 */
export async function listWeeklyOffers(
  db: Db,
  search: SearchTerms | undefined,
  page: Page,
  onSale: readonly number[] = [],
) {
  const sale = sql`${sql.param([...onSale])}::int[]`;
  const offered = sql`${products.id} in (
    select unnest(${sale})
    union
    select (select p.id from ${products} p where p.category_id = c.id order by p.id limit 1)
    from ${categories} c)`;
  const where = and(offered, search && matchesAllWords(search));
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`(count(*) over ())::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(sql`${products.id} = any(${sale}) desc`, asc(products.id))
    .offset(page.skip)
    .limit(page.limit);
  // A page past the end has no row to carry the total: counted apart (rare).
  const total = rows[0]?.total ?? (page.skip === 0 ? 0 : await countUpTo(db, where, 100_000));
  return { rows, total };
}

/** Top Picks: rated above 4.8, in catalogue order. */
export function topPicksFilter(search: SearchTerms | undefined): ProductFilter {
  return { search, ratingAbove: TOP_PICK_MIN_RATING };
}

/** The last `n` Top Picks (SPEC §9: the home page shows the last 4), oldest first. */
export async function lastTopPicks(db: Db, n: number) {
  const statement = prepared(db, 'catalog_last_top_picks', (name) =>
    cards(db, sql`${products.rating} > ${TOP_PICK_MIN_RATING}`, [desc(products.id)])
      .limit(sql.placeholder('n'))
      .prepare(name),
  );
  return (await statement.execute({ n })).reverse();
}

/** A product's reviews, newest first, and how many there are; hidden ones are left out. */
export function productReviews(db: Db, productId: number) {
  const where = and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));
  return {
    rows: db.select().from(reviews).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)),
    total: db.select({ n: count() }).from(reviews).where(where),
  };
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return !!row;
}

/** Every review with its product's title, newest first (the back office names the product). */
export const allReviews = (db: Db) =>
  db
    .select({ review: reviews, productTitle: products.title })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));

export const countReviews = (db: Db) => db.select({ n: count() }).from(reviews);

export async function categoryExists(db: Db, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return !!row;
}

/**
 * For the sitemap: the blocks of `size` ids (block b holds ids b·size+1 … (b+1)·size) that hold
 * at least one product, in order. One primary-key probe per block, however large the catalogue.
 */
export async function productIdBlocks(db: Db, size: number): Promise<number[]> {
  const rows = await queryRows<{ b: number }>(
    db,
    sql`
    with recursive blocks(b) as (
      select (min(${products.id}) - 1) / ${size}::int from ${products}
      union all
      select (select (min(p.id) - 1) / ${size}::int from ${products} p
              where p.id > (blocks.b + 1) * ${size}::int)
      from blocks where blocks.b is not null
    )
    select b from blocks where b is not null`,
  );
  return rows.map((r) => Number(r.b));
}

/** For the sitemap: the id and last change of the products with ids in [from, to], by id. */
export function productsInIdRange(db: Db, from: number, to: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(sql`${products.id} >= ${from}`, sql`${products.id} <= ${to}`))
    .orderBy(asc(products.id));
}

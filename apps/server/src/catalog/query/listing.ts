// A page of a text search and its total. The plan depends on how many products match, which only
// counting tells (the planner guesses from statistics, and guesses badly for words that are common
// alone but rare together — it would then walk the whole catalogue in order looking for them):
//   1. One statement collects up to 1,001 matches by the trigram index. If there are at most
//      1,000 (a "sparse" search) it also sorts them and returns the page: done in one round trip.
//   2. A "dense" search (more than 1,000) walks an index in the requested order and keeps what
//      matches; matches are then common enough to fill a page quickly. The walk gives up after
//      WALK_LIMIT products (matches bunched at the far end), and then the matches are collected
//      and sorted instead. With the default order each tier of search.ts is walked in turn.
// Counting 1,001 matches of a common word is most of a search's cost, so a search found dense is
// remembered (dense_searches) with the catalogue's generation, and skips counting until a delete
// or a change of title, category or brand moves the generation on (triggers, the migration catalogue_counts_and_search).
// Searches with a rating filter are not remembered: ratings change with every review.
import { and, getTableName, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogGeneration, categories, denseSearches, products } from '../schema.ts';
import { queryRows } from '../../lib/sql.ts';
import { COUNT_CAP } from '../limits.ts';
import { boundedNamedRows, namedRows } from '../prepared.ts';
import { withIndexedWords, withTrigramWords } from './word-stats.ts';
import { CatalogueMemo } from './catalogue-memo.ts';
import {
  countUpTo,
  values,
  whereOf,
  type CardRow,
  type ListOrder,
  type Page,
  type ProductFilter,
} from '../repo.ts';
import {
  bestMatchOrder,
  folded,
  matchesAllWords,
  oncePerRun,
  productSearchColumns,
  rankTiers,
  type SearchColumns,
  type SearchTerms,
} from './title-match.ts';

/** How many products a walk along an index reads before it gives up. */
export const WALK_LIMIT = 2000;

type Order = Exclude<ListOrder, 'best'>;

/** Sort keys by output name: usable on the products table and on a subquery or CTE of it. */
const SORT_KEYS: Record<Order, string> = {
  id: 'id',
  priceAsc: 'sale_price_cents, id',
  priceDesc: 'sale_price_cents desc, id desc',
  titleAsc: 'title_key, id',
  titleDesc: 'title_key desc, id desc',
  newest: 'created_at desc, id desc',
  stock: 'stock desc, id',
  rating: 'rating desc, id',
};
/**
 * ORDER BY `order` on the columns of `alias`, or on the output names when there is none. Within
 * one category the category leads, as in repo.ts's orderFor: the walk then reads its own index.
 */
export function orderOn(alias: string | undefined, order: Order, inCategory = false): SQL {
  const descending = / desc/.test(SORT_KEYS[order].split(',')[0]!);
  const keys =
    inCategory && order !== 'stock' && order !== 'rating'
      ? `category_id${descending ? ' desc' : ''}, ${SORT_KEYS[order]}`
      : SORT_KEYS[order];
  return sql.raw(alias ? keys.replace(/(^|, )(\w+)/g, `$1${alias}.$2`) : keys);
}
/** The walks and the collected matches are named like the table, so its columns name theirs. */
const PRODUCTS = getTableName(products);

/** Every column of products, and the title's sort key (so an outer query can keep its order). */
const WITH_TITLE_KEY = sql`${products}.*, lower(${products.title}) collate "C" as title_key`;

/** A card's columns from a row source named "products" (the table, a subquery or a CTE). */
const CARD = sql`${products.id} as id, ${products.title} as title,
  ${products.titleSw} as title_sw,
  (select ${categories.slug} from ${categories} where ${categories.id} = ${products.categoryId}) as category,
  ${products.brand} as brand, ${products.priceCents} as price_cents,
  ${products.discountBp} as discount_bp, ${products.rating} as rating,
  ${products.reviewCount} as review_count, ${products.stock} as stock,
  ${products.thumbnail} as thumbnail,
  (extract(epoch from ${products.createdAt}) * 1000)::float8 as created_ms`;

interface RawCard {
  id: number;
  title: string;
  title_sw: string | null;
  category: string;
  brand: string;
  price_cents: number;
  discount_bp: number;
  rating: number;
  review_count: number;
  stock: number;
  thumbnail: string;
  created_ms: number;
}

const toCard = (r: RawCard): CardRow => ({
  id: r.id,
  title: r.title,
  titleSw: r.title_sw,
  category: r.category,
  brand: r.brand,
  priceCents: r.price_cents,
  discountBp: r.discount_bp,
  rating: r.rating,
  reviewCount: r.review_count,
  stock: r.stock,
  thumbnail: r.thumbnail,
  createdAt: new Date(Math.floor(r.created_ms)),
});

export interface Listing {
  rows: CardRow[];
  total: number;
  capped: boolean;
}

type SearchFilter = ProductFilter & { search: SearchTerms };

export async function searchListing(
  db: Db,
  searched: SearchFilter,
  order: ListOrder,
  page: Page,
): Promise<Listing> {
  const filter = { ...searched, search: await withIndexedWords(db, searched.search) };
  const memoKey = remembers(filter) ? denseKey(filter) : undefined;
  const known = memoKey === undefined ? undefined : denseHere.get(db, memoKey);
  const dense = known ?? (memoKey !== undefined && (await isKnownDense(db, filter)));
  if (!dense) {
    const collected = await collectMatches(db, filter, order, page);
    const sparse = collected.total <= COUNT_CAP;
    if (memoKey !== undefined) denseHere.set(db, memoKey, !sparse);
    if (sparse) return { rows: collected.rows, total: collected.total, capped: false };
    if (memoKey !== undefined) await rememberDense(db, filter, collected.generation);
  } else if (memoKey !== undefined) {
    denseHere.set(db, memoKey, true);
  }
  const rows =
    order === 'best'
      ? await walkTiers(db, filter, filter.search, page)
      : await walk(
          db,
          filter,
          matchesAllWords(filter.search, undefined, false, oncePerRun),
          matchesAllWords(filter.search),
          order,
          page.skip,
          page.limit,
        );
  return { rows, total: COUNT_CAP, capped: true };
}

/**
 * Whether a search is dense, as this instance last found it (in dense_searches or by counting):
 * a repeated search skips asking the shared memo, and a sparse one goes straight to collecting.
 */
const denseHere = new CatalogueMemo<boolean>();

/** This instance's key of a search: its words as typed, sorted, and its filters. */
const denseKey = (f: SearchFilter) =>
  JSON.stringify([[...f.search.words].sort(), f.categorySlug ?? '', f.brand ?? '']);

/** Only searches whose matches no review or sale can change are remembered. */
const remembers = (f: ProductFilter) =>
  f.minRating === undefined && f.ratingAbove === undefined && f.options === undefined;

/** The memo's key: the normalised words, sorted (the order of words does not change matches). */
function wordsKey(terms: SearchTerms): SQL {
  const words = sql.join(
    terms.words.map((w) => sql`duka_search_text(${w})`),
    sql`, `,
  );
  return sql`array_to_string(array(
    select distinct w from unnest(array[${words}]::text[]) w order by w), ' ')`;
}

/** Is this search in the memo, at the catalogue's current generation? */
async function isKnownDense(db: Db, filter: SearchFilter): Promise<boolean> {
  const [row] = await namedRows<{ dense: boolean }>(
    db,
    sql`select exists (select 1 from ${denseSearches} d
      where d.words = ${wordsKey(filter.search)} and d.category = ${filter.categorySlug ?? ''}
        and d.brand = ${filter.brand ?? ''}
        and d.generation = (select n from ${catalogGeneration})) as dense`,
  );
  return row?.dense === true;
}

function rememberDense(db: Db, filter: SearchFilter, generation: number): Promise<void> {
  const key = {
    words: wordsKey(filter.search),
    category: filter.categorySlug ?? '',
    brand: filter.brand ?? '',
  };
  return rememberDenseKey(db, key, generation);
}

/** Remembers a search (by its memo key) as dense at `generation`, read with its count. */
export async function rememberDenseKey(
  db: Db,
  key: { words: SQL | string; category: string; brand: string },
  generation: number,
): Promise<void> {
  // A newer generation is never overwritten by an older.
  await db.execute(sql`insert into ${denseSearches} as d (words, category, brand, generation)
    values (${key.words}, ${key.category}, ${key.brand}, ${generation})
    on conflict (words, category, brand) do update set generation = excluded.generation
    where d.generation < excluded.generation`);
}

interface Collected {
  rows: CardRow[];
  /** Matches, counted up to COUNT_CAP + 1. */
  total: number;
  /** The catalogue's generation, read with the count. */
  generation: number;
}

/**
 * Filters whose values cannot change how matches are collected: a category is looked up inside
 * the query (no plan knows it). A brand, a rating or an option value can (a rare brand is read
 * through its own index).
 */
const collectIgnoresValues = (f: ProductFilter) =>
  f.brand === undefined &&
  f.minRating === undefined &&
  f.ratingAbove === undefined &&
  f.options === undefined &&
  f.excludeId === undefined;

/**
 * Step 1: up to COUNT_CAP + 1 matches; if they are all there, the page of them. Without filters
 * whose values matter, it is one named statement with one generic plan: the words' patterns are
 * computed at run time (oncePerRun), so every plan is the same lookup by the trigram index, and
 * PostgreSQL no longer plans each search anew (estimating each LIKE against its 2,000 sampled
 * titles took longer than many searches).
 */
function collectMatches(
  db: Db,
  filter: SearchFilter,
  order: ListOrder,
  page: Page,
): Promise<Collected> {
  const on: SearchColumns = { text: sql`m.search_text`, words: sql`m.search_words` };
  const generic = collectIgnoresValues(filter);
  const computed = generic ? oncePerRun : folded;
  const terms = generic ? withTrigramWords(filter.search) : filter.search;
  const pageOrder =
    order === 'best' ? bestMatchOrder(terms, on, sql`m.id`, computed) : orderOn('m', order);
  const where = and(
    matchesAllWords(terms, productSearchColumns, true, computed),
    whereOf({ ...filter, search: undefined }, values),
  )!;
  return collect(db, where, pageOrder, page, generic);
}

/**
 * Up to COUNT_CAP + 1 products meeting `where`, gathered without an order (so PostgreSQL reads
 * them through its indexes, a bitmap of each condition, instead of walking an order looking for
 * them); if they are all there, the page of them in `pageOrder` (on the columns of "m"). One
 * round trip either way.
 */
export async function collect(
  db: Db,
  where: SQL,
  pageOrder: SQL,
  page: Page,
  named = false,
): Promise<Collected> {
  // Constants written in, so that a named statement's generic plan knows them. The category is
  // read for the page's rows only, not for every match collected.
  const cap = sql.raw(String(COUNT_CAP));
  const query = sql`with m as (
      select ${products.id} as id, ${products.title} as title, ${products.titleSw} as title_sw,
        ${products.categoryId} as category_id, ${products.brand} as brand,
        ${products.priceCents} as price_cents, ${products.discountBp} as discount_bp,
        ${products.rating} as rating, ${products.reviewCount} as review_count,
        ${products.stock} as stock, ${products.thumbnail} as thumbnail,
        ${products.salePriceCents} as sale_price_cents,
        lower(${products.title}) collate "C" as title_key, ${products.createdAt} as created_at,
        ${products.searchText} as search_text, ${products.searchWords} as search_words
      from ${products} where ${where}
      limit ${sql.raw(String(COUNT_CAP + 1))}
    ), total as (select count(*)::int as n from m)
    select (select n from ${catalogGeneration}) as generation, total.n as total, page.*
    from total left join lateral (
      select id, title, title_sw,
        (select ${categories.slug} from ${categories} where ${categories.id} = m.category_id) as category,
        brand, price_cents, discount_bp, rating, review_count, stock, thumbnail,
        (extract(epoch from created_at) * 1000)::float8 as created_ms
      from m where total.n <= ${cap}
      order by ${pageOrder} ${firstPageWrittenIn(page)}
    ) page on true`;
  type Row = RawCard & { total: number; generation: number };
  const rows = named ? await boundedNamedRows<Row>(db, query) : await queryRows<Row>(db, query);
  const total = Number(rows[0]?.total ?? 0);
  const found = total <= COUNT_CAP ? rows.filter((r) => r.id !== null).map(toCard) : [];
  return { rows: found, total, generation: Number(rows[0]?.generation ?? 0) };
}

/**
 * OFFSET and LIMIT, a first page's written into the text. Bound as parameters, PostgreSQL costs
 * the generic plan as if a tenth of the matches were read, finds it dearer than the custom plans
 * and so plans every run anew: 0.4–0.5 ms of the database's time a search at a million products,
 * more than most searches take to run (docs/benchmarks.md, stop 51). Later pages, much rarer,
 * are bound: each page written in is a text of its own, and named texts are few (prepared.ts).
 */
function firstPageWrittenIn(page: Page): SQL {
  const written = page.skip === 0 && Number.isSafeInteger(page.limit) && page.limit >= 0;
  return written ? sql.raw(`limit ${page.limit}`) : sql`offset ${page.skip} limit ${page.limit}`;
}

/** The tiers of search.ts in turn, each walked in catalogue order. */
async function walkTiers(db: Db, filter: ProductFilter, terms: SearchTerms, page: Page) {
  const base = whereOf({ ...filter, search: undefined }, values);
  // Walked and read directly with generic plans: the words' forms are computed once per run.
  const words = matchesAllWords(terms, undefined, false, oncePerRun);
  const tiers = rankTiers(terms, undefined, oncePerRun);
  /** The exact titles, when a first page read them all and its walk fell short. */
  let exactTitles: CardRow[] | undefined;
  if (page.skip === 0 && tiers.length === 3) {
    const first = await exactThenWalked(
      db,
      filter,
      and(base, words, tiers[0])!,
      and(words, tiers[1])!,
      page.limit,
    );
    if (first.rows.length === page.limit) return first.rows;
    exactTitles = first.rows.slice(0, first.exact);
  }
  // Looked up and counted with their values (folded), so that PostgreSQL can estimate patterns.
  const foldedTiers = rankTiers(terms);
  const foldedWords = matchesAllWords(terms, undefined, false);
  const rows: CardRow[] = [];
  let skip = page.skip;
  for (const [i, tier] of tiers.entries()) {
    const want = page.limit - rows.length;
    const condition = and(words, tier)!;
    // After a first page fell short, its walk of the second tier is known to fall short too.
    const walked = exactTitles !== undefined && i === 1;
    const found =
      i === 0
        ? // The exact title is an equality on a hashed column: always few rows, read directly.
          (exactTitles ?? (await direct(db, and(base, condition)!, skip, want)))
        : await walk(db, filter, condition, lookupFor(terms, foldedTiers, i), 'id', skip, want, {
            walked,
          });
    rows.push(...found);
    if (rows.length >= page.limit || i === tiers.length - 1) break;
    // This tier ends on this page; or, when it gave nothing, it lies wholly before the page.
    skip =
      found.length > 0
        ? 0
        : skip - (await countUpTo(db, and(base, foldedWords, foldedTiers[i]), skip));
  }
  return rows;
}

/**
 * A first page's exact titles and, after them, the walk of the whole words and prefixes, in one
 * round trip (the usual first page of a common word). Fewer rows than `limit`: the walk fell short
 * or ran out, and the tiers are read one by one instead; its first `exact` rows are then all the
 * exact titles.
 */
async function exactThenWalked(
  db: Db,
  filter: ProductFilter,
  exact: SQL,
  prefix: SQL,
  limit: number,
): Promise<{ rows: CardRow[]; exact: number }> {
  const rows = await namedRows<RawCard & { tier: number }>(
    db,
    sql`select * from (
      select 0 as tier, e.* from (${directStatement(exact, 0, limit)}) e
      union all
      select 1 as tier, w.* from (${walkStatement(filter, prefix, 'id', 0, limit)}) w
    ) t order by tier, id limit ${limit}`,
  );
  return { rows: rows.map(toCard), exact: rows.filter((r) => r.tier === 0).length };
}

/**
 * How to collect tier `i`'s matches when a walk cannot: the prefix tier (the second of three) by
 * its full-text index, as its words found by the trigram index would be every substring match,
 * many more; the last tier by the trigram index.
 */
function lookupFor(terms: SearchTerms, tiers: SQL[], i: number): SQL {
  const byWords = tiers.length === 3 && i === 1;
  return and(matchesAllWords(terms, undefined, !byWords), tiers[i])!;
}

/**
 * The products meeting `where`, found first (materialized) and then ordered: a plan that knows
 * neither the title nor how rare it is could otherwise walk the catalogue in order looking for it.
 */
async function direct(db: Db, where: SQL, skip: number, limit: number): Promise<CardRow[]> {
  const rows = await namedRows<RawCard>(db, directStatement(where, skip, limit));
  return rows.map(toCard);
}

const directStatement = (where: SQL, skip: number, limit: number) =>
  sql`with m as materialized (select ${products}.* from ${products} where ${where})
    select ${CARD} from m as ${products}
    order by ${products.id} offset ${skip} limit ${limit}`;

/**
 * The walk: its plan is fixed by its shape, so one generic plan serves every value. Its length is
 * written in: bound as a parameter, PostgreSQL costs a generic plan as if a tenth of the
 * catalogue were read, and so planned every run anew (which took longer than the walk).
 */
export function walkStatement(
  filter: ProductFilter,
  condition: SQL,
  order: Order,
  skip: number,
  limit: number,
): SQL {
  const base = whereOf({ ...filter, search: undefined }, values) ?? sql`true`;
  const inCategory = filter.categorySlug !== undefined;
  return sql`select ${CARD} from (
      select ${WITH_TITLE_KEY} from ${products} where ${base}
      order by ${orderOn(undefined, order, inCategory)} limit ${sql.raw(String(WALK_LIMIT))}
    ) as ${products} where ${condition}
    order by ${orderOn(PRODUCTS, order, inCategory)} offset ${skip} limit ${limit}`;
}

/**
 * Step 2: walk the filter's index in `order` for at most WALK_LIMIT products, keeping those that
 * meet `condition` (a subquery with a LIMIT is never merged with the outer WHERE, so the walk
 * stays bounded); if that does not fill the page, collect all that meet `lookup` (the same
 * condition, written for an index) and sort them. `walked`: the walk is known to fall short.
 */
async function walk(
  db: Db,
  filter: ProductFilter,
  condition: SQL,
  lookup: SQL,
  order: Order,
  skip: number,
  limit: number,
  { walked = false } = {},
): Promise<CardRow[]> {
  if (!walked) {
    const rows = await namedRows<RawCard>(db, walkStatement(filter, condition, order, skip, limit));
    if (rows.length === limit) return rows.map(toCard);
  }
  const base = whereOf({ ...filter, search: undefined }, values);
  const collected = await queryRows<RawCard>(
    db,
    sql`with m as materialized (
      select ${WITH_TITLE_KEY} from ${products} where ${and(base, lookup)}
    )
    select ${CARD} from m as ${products}
    order by ${orderOn(PRODUCTS, order)} offset ${skip} limit ${limit}`,
  );
  return collected.map(toCard);
}

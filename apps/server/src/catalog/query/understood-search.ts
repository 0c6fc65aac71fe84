// A text search that finds what shoppers mean. Its results come in segments, each excluding the
// ones before it:
//   1. the title search (listing.ts: exact title, title words, other substrings);
//   2. the products of the categories and brands the query names, whose titles hold the other
//      words ('laptop' → the Laptops category; 'samsung tv' → Samsung's products saying 'tv').
// With the default order the segments follow each other; with a shopper's sort they are merged,
// within the first COUNT_CAP results. When both find nothing, the query is corrected for typos
// (interpret.ts) and searched again, and the answer says which query it shows.
import { and, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogGeneration, denseSearches, productCounts, products } from '../schema.ts';
import { queryRows } from '../../lib/sql.ts';
import { COUNT_CAP } from '../limits.ts';
import {
  cardPage,
  categoryIdOf,
  countUpTo,
  orderFor,
  values,
  whereOf,
  type CardRow,
  type ListOrder,
  type Page,
  type ProductFilter,
} from '../repo.ts';
import { collect, orderOn, rememberDenseKey, searchListing, type Listing } from './listing.ts';
import { matchesAllWords, searchTerms, type SearchTerms } from './title-match.ts';
import { correct, interpret, type Concept, type Vocabulary } from './interpret.ts';
import { understandingOf, type Understanding } from './understanding.ts';
import { CatalogueMemo } from './catalogue-memo.ts';

export interface UnderstoodListing extends Listing {
  /** The query whose results these are, when it is not the one typed. */
  correctedQuery?: string;
}

type SearchFilter = ProductFilter & { search: SearchTerms };
/** One segment: a page of it (limit 0: only its total). */
type Segment = (page: Page) => Promise<Listing>;

export async function understoodSearch(
  db: Db,
  filter: SearchFilter,
  order: ListOrder,
  page: Page,
): Promise<UnderstoodListing> {
  const understanding = await understandingOf(db);
  const found = await composed(db, filter, understanding, order, page);
  if (found.total > 0) return found;
  const corrected = correct(filter.search.phrase, understanding.vocabulary, understanding.synonyms);
  const terms = corrected === undefined ? undefined : searchTerms(corrected);
  if (!terms) return found;
  const again = await composed(db, { ...filter, search: terms }, understanding, order, page);
  return again.total > 0 ? { ...again, correctedQuery: terms.phrase } : found;
}

function composed(
  db: Db,
  filter: SearchFilter,
  understanding: Understanding,
  order: ListOrder,
  page: Page,
): Promise<Listing> {
  const segments: Segment[] = [(p) => searchListing(db, filter, order, p)];
  const concept = interpret(filter.search.phrase, understanding.vocabulary, understanding.synonyms);
  if (concept) {
    segments.push((p) => conceptListing(db, filter, concept, understanding.vocabulary, order, p));
  }
  if (segments.length === 1) return segments[0]!(page);
  return order === 'best' || order === 'id'
    ? inTurn(segments, page)
    : merged(segments, order, page);
}

/** Segments one after the other; a capped segment hides the ones after it. */
async function inTurn(segments: Segment[], page: Page): Promise<Listing> {
  const rows: CardRow[] = [];
  let total = 0;
  let skip = page.skip;
  for (const segment of segments) {
    const found = await segment({ skip, limit: page.limit - rows.length });
    rows.push(...found.rows);
    total += found.total;
    if (found.capped) return { rows, total: Math.max(total, COUNT_CAP), capped: true };
    skip = Math.max(0, skip - found.total);
  }
  return { rows, total, capped: false };
}

/**
 * Segments merged in a shopper's sort: each gives its first results, which are sorted together.
 * As in turn, a capped segment hides the ones after it (the title search's matches already run
 * past what a total counts).
 */
async function merged(segments: Segment[], order: ListOrder, page: Page): Promise<Listing> {
  const window = Math.min(page.skip + page.limit, COUNT_CAP);
  const found: Listing[] = [];
  for (const segment of segments) {
    const listing = await segment({ skip: 0, limit: window });
    found.push(listing);
    if (listing.capped) break;
  }
  const rows = found
    .flatMap((f) => f.rows)
    .sort(compareBy(order))
    .slice(page.skip, page.skip + page.limit);
  const capped = found.some((f) => f.capped);
  const total = found.reduce((sum, f) => sum + f.total, 0);
  return { rows, total: capped ? COUNT_CAP : total, capped };
}

/** The price shoppers pay, as the database's sale_price_cents computes it. */
const salePrice = (r: CardRow) => Math.round((r.priceCents * (10_000 - r.discountBp)) / 1e6) * 100;
const titleKey = (r: CardRow) => r.title.toLowerCase();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order of repo.ts's ORDER_BY, on rows already fetched. */
function compareBy(order: ListOrder): (a: CardRow, b: CardRow) => number {
  const id = (a: CardRow, b: CardRow) => a.id - b.id;
  switch (order) {
    case 'priceAsc':
      return (a, b) => salePrice(a) - salePrice(b) || id(a, b);
    case 'priceDesc':
      return (a, b) => salePrice(b) - salePrice(a) || id(b, a);
    case 'titleAsc':
      return (a, b) => byText(titleKey(a), titleKey(b)) || id(a, b);
    case 'titleDesc':
      return (a, b) => byText(titleKey(b), titleKey(a)) || id(b, a);
    case 'newest':
      return (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || id(b, a);
    case 'stock':
      return (a, b) => b.stock - a.stock || id(a, b);
    case 'rating':
      return (a, b) => b.rating - a.rating || id(a, b);
    default:
      return id;
  }
}

/**
 * Every other word starts a word of the title, as typed or as one of its synonyms: a full-text
 * prefix query ('bed' finds 'Bunk Bed' and 'Bedside', not 'Ribbed'). Forms are letters and
 * digits only (words.ts), quoted all the same.
 */
function restWords(rest: string[][]): SQL | undefined {
  if (rest.length === 0) return undefined;
  const quote = (form: string) => `'${form.replace(/'/g, "''")}':*`;
  const query = rest.map((forms) => `(${forms.map(quote).join(' | ')})`).join(' & ');
  return sql`${products.searchWords} @@ to_tsquery('simple'::regconfig, ${query})`;
}

/** The named categories and brands, the other words in the title, the title matches left out. */
function conceptWhere(filter: SearchFilter, concept: Concept, categoryIds: number[]): SQL {
  return and(
    whereOf({ ...filter, search: undefined }, values),
    // Ids, not slugs: with constants PostgreSQL can walk the (category_id, id) index in order.
    categoryIds.length > 0 ? inArray(products.categoryId, categoryIds) : undefined,
    concept.brands.length > 0 ? inArray(products.brand, concept.brands) : undefined,
    restWords(concept.rest),
    not(matchesAllWords(filter.search, undefined, false)),
  )!;
}

/** Segment totals this instance counted, while the catalogue stands. */
const totals = new CatalogueMemo<number>();

/**
 * How many products the segment has, up to COUNT_CAP + 1, as cheaply as it can be known:
 * - this instance remembers what it counted while the catalogue's generation and size stand
 *   (understanding.ts reads them every second): membership never depends on prices or stock;
 * - a segment found to have more than COUNT_CAP is remembered (dense_searches, under a key of its
 *   own) until the catalogue's generation moves, as title searches are (listing.ts);
 * - naming only categories and brands, it is the counters' figure (product_counts) less the title
 *   matches among them, which the title's trigram index finds first;
 * - otherwise the matches are counted by their indexes (a bitmap of each condition: a category or
 *   brand and a word are each common, together often rare, and walking the catalogue in order
 *   for them read a million rows), ids only.
 */
async function conceptCount(
  db: Db,
  filter: SearchFilter,
  concept: Concept,
  categoryIds: number[],
  where: SQL,
): Promise<number> {
  const ratings = filter.minRating !== undefined || filter.ratingAbove !== undefined;
  const key = {
    words: `\u0001${JSON.stringify([concept, filter.search.words])}`,
    category: filter.categorySlug ?? '',
    brand: filter.brand ?? '',
  };
  // Which products a concept has changes only with the catalogue's generation or size.
  const memoKey = JSON.stringify(key);
  const remembered = ratings ? undefined : totals.get(db, memoKey);
  if (remembered !== undefined) return remembered;
  const [memo] = ratings
    ? []
    : await queryRows<{ generation: number; dense: boolean }>(
        db,
        sql`select (select n from ${catalogGeneration})::float8 as generation,
          exists (select 1 from ${denseSearches} d where d.words = ${key.words}
            and d.category = ${key.category} and d.brand = ${key.brand}
            and d.generation = (select n from ${catalogGeneration})) as dense`,
      );
  if (memo?.dense) {
    totals.set(db, memoKey, COUNT_CAP + 1);
    return COUNT_CAP + 1;
  }
  const byCounters =
    concept.rest.length === 0 &&
    categoryIds.length + concept.brands.length > 0 &&
    !ratings &&
    filter.excludeId === undefined;
  const total =
    (byCounters ? await countedByCounters(db, filter, concept, categoryIds) : undefined) ??
    (await countUpTo(db, where, COUNT_CAP + 1));
  if (!ratings) totals.set(db, memoKey, total);
  if (memo && total > COUNT_CAP) await rememberDenseKey(db, key, memo.generation);
  return total;
}

async function countedByCounters(
  db: Db,
  filter: SearchFilter,
  concept: Concept,
  categoryIds: number[],
): Promise<number | undefined> {
  const named = and(
    categoryIds.length > 0 ? inArray(productCounts.categoryId, categoryIds) : undefined,
    concept.brands.length > 0 ? inArray(productCounts.brand, concept.brands) : undefined,
    filter.categorySlug === undefined
      ? undefined
      : sql`${productCounts.categoryId} = ${categoryIdOf(filter.categorySlug)}`,
    filter.brand === undefined ? undefined : sql`${productCounts.brand} = ${filter.brand}`,
  );
  // The title matches first (materialized: by the trigram index, never a walk of the category).
  const [row] = await queryRows<{ counted: number; overlap: number }>(
    db,
    sql`with t as materialized (
        select ${products.categoryId} as category_id, ${products.brand} as brand
        from ${products}
        where ${and(whereOf({ ...filter, search: undefined }, values), matchesAllWords(filter.search))}
        limit ${COUNT_CAP + 1}
      )
      select (select coalesce(sum(${productCounts.products}), 0) from ${productCounts}
          where ${named})::int as counted,
        (select count(*) from t where ${and(
          categoryIds.length > 0 ? inArray(sql`t.category_id`, categoryIds) : undefined,
          concept.brands.length > 0 ? inArray(sql`t.brand`, concept.brands) : undefined,
        )})::int as overlap`,
  );
  const overlap = Number(row?.overlap ?? 0);
  // Too many title matches to count them all: the difference is unknown, so count the segment.
  if (overlap > COUNT_CAP) return undefined;
  return Math.min(COUNT_CAP + 1, Math.max(0, Number(row?.counted ?? 0) - overlap));
}

/**
 * A page of the segment: when it has at most COUNT_CAP products they are gathered and sorted in
 * one statement; beyond, matches are common and the page is read in order, through the one
 * category's or brand's own index when there is one.
 */
async function conceptListing(
  db: Db,
  filter: SearchFilter,
  concept: Concept,
  vocabulary: Vocabulary,
  order: ListOrder,
  page: Page,
): Promise<Listing> {
  const categoryIds = vocabulary.categories
    .filter((c) => concept.categories.includes(c.slug))
    .map((c) => c.id);
  const where = conceptWhere(filter, concept, categoryIds);
  const sorted = order === 'best' ? 'id' : order;
  const total = await conceptCount(db, filter, concept, categoryIds, where);
  if (total <= COUNT_CAP) {
    // Only its total is asked for when the segments before it filled the page: it is counted.
    if (total === 0 || page.limit === 0) return { rows: [], total, capped: false };
    const collected = await collect(db, where, orderOn('m', sorted), page);
    return { rows: collected.rows, total: collected.total, capped: false };
  }
  const walked = {
    ...filter,
    categorySlug:
      filter.categorySlug ?? (categoryIds.length === 1 ? concept.categories[0] : undefined),
    brand: filter.brand ?? (concept.brands.length === 1 ? concept.brands[0] : undefined),
  };
  const rows = page.limit > 0 ? await cardPage(db, where, orderFor(walked, sorted), page) : [];
  return { rows, total: COUNT_CAP, capped: true };
}

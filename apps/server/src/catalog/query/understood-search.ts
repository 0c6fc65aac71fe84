// A text search that finds what shoppers mean. Its results come in segments, each excluding the
// ones before it:
//   1. the title search (search-listing.ts: exact title, title words, other substrings);
//   2. the products of the categories and brands the query names, whose titles hold the other
//      words ('laptop' → the Laptops category; 'samsung tv' → Samsung's products saying 'tv').
// With the default order the segments follow each other; with a shopper's sort they are merged,
// within the first COUNT_CAP results. When both find nothing, the query is corrected for typos
// (interpret.ts) and searched again, and the answer says which query it shows.
import { and, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { COUNT_CAP } from '../limits.ts';
import {
  cardPage,
  countUpTo,
  orderFor,
  values,
  whereOf,
  type CardRow,
  type ListOrder,
  type Page,
  type ProductFilter,
} from '../repo.ts';
import { searchListing, type Listing } from '../search-listing.ts';
import { matchesAllWords, searchTerms, type SearchTerms } from '../search.ts';
import { correct, interpret, type Concept } from './interpret.ts';
import { understandingOf, type Understanding } from './understanding.ts';

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
  if (concept) segments.push((p) => conceptListing(db, filter, concept, order, p));
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

/** Segments merged in a shopper's sort: each gives its first results, which are sorted together. */
async function merged(segments: Segment[], order: ListOrder, page: Page): Promise<Listing> {
  const window = Math.min(page.skip + page.limit, COUNT_CAP);
  const found = await Promise.all(segments.map((s) => s({ skip: 0, limit: window })));
  const rows = found
    .flatMap((f) => f.rows)
    .sort(compareBy(order))
    .slice(page.skip, page.skip + page.limit);
  const capped = found.some((f) => f.capped);
  const total = found.reduce((sum, f) => sum + f.total, 0);
  return { rows, total: capped ? Math.max(total, COUNT_CAP) : total, capped };
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
function conceptWhere(filter: SearchFilter, concept: Concept): SQL {
  const slugs = concept.categories;
  return and(
    whereOf({ ...filter, search: undefined }, values),
    slugs.length > 0
      ? sql`${products.categoryId} in (select ${categories.id} from ${categories}
          where ${inArray(categories.slug, slugs)})`
      : undefined,
    concept.brands.length > 0 ? inArray(products.brand, concept.brands) : undefined,
    restWords(concept.rest),
    not(matchesAllWords(filter.search, undefined, false)),
  )!;
}

async function conceptListing(
  db: Db,
  filter: SearchFilter,
  concept: Concept,
  order: ListOrder,
  page: Page,
): Promise<Listing> {
  const where = conceptWhere(filter, concept);
  const [rows, counted] = await Promise.all([
    page.limit > 0
      ? cardPage(db, where, orderFor(filter, order === 'best' ? 'id' : order), page)
      : Promise.resolve([]),
    countUpTo(db, where, COUNT_CAP + 1),
  ]);
  const capped = counted > COUNT_CAP;
  return { rows, total: capped ? COUNT_CAP : counted, capped };
}

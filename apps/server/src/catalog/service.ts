// Catalogue use cases: turn queries into the shapes of the API.
import {
  HOME_CATEGORY_TILES,
  type BrandFacet,
  type CategoryFacet,
  type Home,
  type Product,
  type ProductListQuery,
  type ProductPage,
  type ReviewPage,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { found } from '../lib/http-error.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import { brandFacets, categoryFacets, countProducts } from './counts.ts';
import { cardCentsOf, SaleSet, type FlashSales } from './flash-sales.ts';
import { toProduct, toProductSummary, toPublicReview, toReview } from './mappers.ts';
import * as repo from './repo.ts';
import { searchListing, type Listing } from './query/listing.ts';
import type { SearchCache } from './query/result-cache.ts';
import { searchVersion, understandingOf } from './query/understanding.ts';
import { understoodSearch } from './query/understood-search.ts';
import { searchTerms } from './query/title-match.ts';

/** The flash sales at a request's instant: none (no sale fields) when the caller gives none. */
interface Sales {
  set: SaleSet;
  now: number;
}

async function salesAt(sales: FlashSales | undefined): Promise<Sales> {
  const now = new Date();
  return { set: sales ? await sales.at(now) : SaleSet.EMPTY, now: now.getTime() };
}

const summaries = (rows: repo.CardRow[], sales: Sales) =>
  rows.map((r) =>
    toProductSummary(
      r,
      r.category,
      sales.set.isEmpty ? undefined : sales.set.card(r.id, cardCentsOf(r), sales.now),
    ),
  );

/**
 * A page of cards and its total: from the counters in the same statement (asked again only when
 * the page is empty), or counted up to the cap at the same time as the page.
 */
async function listing(
  db: Db,
  filter: repo.ProductFilter,
  order: repo.ListOrder,
  page: repo.Page,
): Promise<Listing> {
  if (repo.countedByCounters(filter)) {
    const { rows, total } = await repo.listPage(db, filter, order, page);
    return { rows, total: total ?? (await countProducts(db, filter)).total, capped: false };
  }
  const [{ rows }, { total, capped }] = await Promise.all([
    repo.listPage(db, filter, order, page),
    countProducts(db, filter),
  ]);
  return { rows, total, capped };
}

/** A page of cards and its total. */
async function pageOf(
  db: Db,
  filter: repo.ProductFilter,
  order: repo.ListOrder,
  page: repo.Page,
  sales: FlashSales | undefined,
): Promise<ProductPage> {
  const [{ rows, total, capped }, priced] = await Promise.all([
    filter.search
      ? searchListing(db, { ...filter, search: filter.search }, order, page)
      : listing(db, filter, order, page),
    salesAt(sales),
  ]);
  return {
    products: summaries(rows, priced),
    total,
    skip: page.skip,
    limit: page.limit,
    ...(capped ? { totalCapped: true } : {}),
  };
}

/**
 * The catalogue (an unknown category simply has no products). A text search also finds what it
 * means (categories, brands, synonyms, typos: query/understood-search.ts); which products it found
 * is reused for a few seconds when a cache is given (query/result-cache.ts).
 */
export async function searchProducts(
  db: Db,
  query: ProductListQuery,
  cache?: SearchCache,
  sales?: FlashSales,
): Promise<ProductPage> {
  const search = searchTerms(query.q);
  const filter = {
    categorySlug: query.category,
    brand: query.brand,
    minRating: query.minRating,
    options: query.option,
  };
  const order = query.sort ?? 'best';
  if (!search) return pageOf(db, filter, order, query, sales);
  const priced = salesAt(sales);
  await understandingOf(db); // keeps the versions below fresh (a read at most once a second)
  // Keyed by the catalogue's and the synonyms' versions too: a saved synonym, a product added or
  // renamed reaches search within a second, not at the end of the cache's seconds.
  const key = JSON.stringify([
    searchVersion(db),
    search.phrase,
    filter,
    order,
    query.skip,
    query.limit,
  ]);
  let found = cache?.get(key);
  let rows: repo.CardRow[];
  if (found) {
    rows = await repo.cardsByIds(db, found.ids);
  } else {
    const listing = await understoodSearch(db, { ...filter, search }, order, query);
    rows = listing.rows;
    found = { ...listing, ids: rows.map((r) => r.id) };
    cache?.set(key, found);
  }
  return {
    products: summaries(rows, await priced),
    total: found.total,
    skip: query.skip,
    limit: query.limit,
    ...(found.capped ? { totalCapped: true } : {}),
    ...(found.correctedQuery === undefined ? {} : { corrected_query: found.correctedQuery }),
  };
}

export async function productsOfCategory(
  db: Db,
  slug: string,
  query: { exclude?: number | undefined; limit: number; skip: number },
  sales?: FlashSales,
): Promise<ProductPage> {
  const filter = { categorySlug: slug, excludeId: query.exclude };
  const result = await pageOf(db, filter, 'id', query, sales);
  // Empty: the category may not exist at all (asked only then, which is rare).
  if (result.total === 0 && !(await repo.categoryExists(db, slug))) {
    found(undefined, `The category '${slug}'`);
  }
  return result;
}

/** One product; with `sales`, its flash sale and each variant's (the back office's has none). */
export async function getProduct(db: Db, id: number, sales?: FlashSales): Promise<Product> {
  const [row, { set, now }] = await Promise.all([repo.findProduct(db, id), salesAt(sales)]);
  const { product, category, categoryName, images, options, variants } = found(
    row,
    `The product ${id}`,
  );
  const onSale = set.isEmpty
    ? {}
    : {
        product: set.card(id, cardCentsOf(product), now),
        variant: (v: repo.VariantRow) => set.variant(id, v.id, cardCentsOf(v), now),
      };
  return toProduct(
    product,
    { slug: category, name: categoryName },
    images,
    options,
    variants,
    onSale,
  );
}

export function topPicks(
  db: Db,
  query: { q?: string | undefined; limit: number; skip: number },
  sales?: FlashSales,
): Promise<ProductPage> {
  // Top Picks keep catalogue order, searched or not.
  return pageOf(db, repo.topPicksFilter(searchTerms(query.q)), 'id', query, sales);
}

/**
 * Weekly Offers: what is on sale now (issue 36), then the first product of each category
 * (SPEC §2.4), which is all there is when nothing is on sale.
 */
export async function weeklyOffers(
  db: Db,
  query: { q?: string | undefined; limit: number; skip: number },
  sales?: FlashSales,
): Promise<ProductPage> {
  const priced = await salesAt(sales);
  const onSale = priced.set.productsOnSale(priced.now);
  const { rows, total } = await repo.listWeeklyOffers(db, searchTerms(query.q), query, onSale);
  return { products: summaries(rows, priced), total, skip: query.skip, limit: query.limit };
}

export async function home(db: Db, sales?: FlashSales): Promise<Home> {
  const priced = await salesAt(sales);
  const onSale = priced.set.productsOnSale(priced.now);
  const [tiles, offers, picks] = await Promise.all([
    categoryFacets(db, HOME_CATEGORY_TILES),
    repo.listWeeklyOffers(db, undefined, { skip: 0, limit: 4 }, onSale),
    repo.lastTopPicks(db, 4),
  ]);
  const order = new Map<string, number>(HOME_CATEGORY_TILES.map((slug, i) => [slug, i]));
  return {
    categories: [...tiles].sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0)),
    weeklyOffers: summaries(offers.rows, priced),
    topPicks: summaries(picks, priced),
  };
}

/** Facets come from the counters: a few hundred rows at most, so there is nothing to cache. */
export function categoryList(db: Db): Promise<CategoryFacet[]> {
  return categoryFacets(db);
}

/** Brands of the whole catalogue or of one category (none for an unknown category). */
export function brandList(db: Db, categorySlug?: string): Promise<BrandFacet[]> {
  return brandFacets(db, categorySlug);
}

export async function reviewsOf(db: Db, productId: number, page: PageRequest): Promise<ReviewPage> {
  if (!(await repo.productExists(db, productId))) found(undefined, `The product ${productId}`);
  const { rows, total } = repo.productReviews(db, productId);
  return paged('reviews', page, rows, total, toPublicReview);
}

/** The back office's Reviews screen: every review, newest first. */
export function listAllReviews(db: Db, page: PageRequest) {
  return paged('reviews', page, repo.allReviews(db), repo.countReviews(db), (row) => ({
    ...toReview(row.review),
    product_title: row.productTitle,
  }));
}

/**
 * The products a sitemap lists, in files of `size` by id: the numbers (1, 2, …) of the files that
 * are not empty. Every product is shown to shoppers (the catalogue has no hidden or unpublished
 * state); if one comes, it is to be left out here and in productsOfSitemap alike.
 */
export async function sitemapFiles(db: Db, size: number): Promise<number[]> {
  return (await repo.productIdBlocks(db, size)).map((block) => block + 1);
}

/** The products of sitemap file `file` (ids (file-1)·size+1 … file·size): id and last change. */
export function productsOfSitemap(db: Db, file: number, size: number) {
  return repo.productsInIdRange(db, (file - 1) * size + 1, file * size);
}

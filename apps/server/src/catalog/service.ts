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
import { toProduct, toProductSummary, toPublicReview, toReview } from './mappers.ts';
import * as repo from './repo.ts';
import { searchListing, type Listing } from './query/listing.ts';
import type { SearchCache } from './query/result-cache.ts';
import { searchVersion, understandingOf } from './query/understanding.ts';
import { understoodSearch } from './query/understood-search.ts';
import { searchTerms } from './query/title-match.ts';

const summaries = (rows: repo.CardRow[]) => rows.map((r) => toProductSummary(r, r.category));

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
): Promise<ProductPage> {
  const { rows, total, capped } = filter.search
    ? await searchListing(db, { ...filter, search: filter.search }, order, page)
    : await listing(db, filter, order, page);
  return {
    products: summaries(rows),
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
): Promise<ProductPage> {
  const search = searchTerms(query.q);
  const filter = {
    categorySlug: query.category,
    brand: query.brand,
    minRating: query.minRating,
    options: query.option,
  };
  const order = query.sort ?? 'best';
  if (!search) return pageOf(db, filter, order, query);
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
    products: summaries(rows),
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
): Promise<ProductPage> {
  const result = await pageOf(db, { categorySlug: slug, excludeId: query.exclude }, 'id', query);
  // Empty: the category may not exist at all (asked only then, which is rare).
  if (result.total === 0 && !(await repo.categoryExists(db, slug))) {
    found(undefined, `The category '${slug}'`);
  }
  return result;
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const row = found(await repo.findProduct(db, id), `The product ${id}`);
  return toProduct(
    row.product,
    { slug: row.category, name: row.categoryName },
    row.images,
    row.options,
    row.variants,
  );
}

export function topPicks(
  db: Db,
  query: { q?: string | undefined; limit: number; skip: number },
): Promise<ProductPage> {
  // Top Picks keep catalogue order, searched or not.
  return pageOf(db, repo.topPicksFilter(searchTerms(query.q)), 'id', query);
}

export async function weeklyOffers(
  db: Db,
  query: { q?: string | undefined; limit: number; skip: number },
): Promise<ProductPage> {
  const { rows, total } = await repo.listWeeklyOffers(db, searchTerms(query.q), query);
  return { products: summaries(rows), total, skip: query.skip, limit: query.limit };
}

export async function home(db: Db): Promise<Home> {
  const [tiles, offers, picks] = await Promise.all([
    categoryFacets(db, HOME_CATEGORY_TILES),
    repo.listWeeklyOffers(db, undefined, { skip: 0, limit: 4 }),
    repo.lastTopPicks(db, 4),
  ]);
  const order = new Map<string, number>(HOME_CATEGORY_TILES.map((slug, i) => [slug, i]));
  return {
    categories: [...tiles].sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0)),
    weeklyOffers: summaries(offers.rows),
    topPicks: summaries(picks),
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

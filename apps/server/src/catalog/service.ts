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
import { TtlCache } from '../lib/ttl-cache.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import { toProduct, toProductSummary, toPublicReview, toReview } from './mappers.ts';
import * as repo from './repo.ts';

type Row = { product: Parameters<typeof toProductSummary>[0]; category: string };
const summaries = (rows: Row[]) => rows.map((r) => toProductSummary(r.product, r.category));

/** Facet counts scan the catalogue; a minute of staleness is fine for a dropdown's numbers. */
export class FacetCache {
  readonly categories = new TtlCache<CategoryFacet[]>(60_000);
  readonly brands = new TtlCache<BrandFacet[]>(60_000);

  /** Called after any change to the catalogue that moves facet counts. */
  invalidate(): void {
    this.categories.clear();
    this.brands.clear();
  }
}

export async function searchProducts(db: Db, query: ProductListQuery): Promise<ProductPage> {
  let categoryId: number | undefined;
  if (query.category) {
    const category = await repo.findCategoryBySlug(db, query.category);
    if (!category) return { products: [], total: 0, skip: query.skip, limit: query.limit };
    categoryId = category.id;
  }
  const { rows, total, capped } = await repo.listProducts(
    db,
    { q: query.q, brand: query.brand, minRating: query.minRating, categoryId },
    query.sort,
    query,
  );
  return {
    products: summaries(rows),
    total,
    skip: query.skip,
    limit: query.limit,
    ...(capped ? { totalCapped: true } : {}),
  };
}

export async function productsOfCategory(
  db: Db,
  slug: string,
  query: { exclude?: number | undefined; limit: number; skip: number },
): Promise<ProductPage> {
  const category = found(await repo.findCategoryBySlug(db, slug), `The category '${slug}'`);
  const { rows, total } = await repo.listProducts(
    db,
    { categoryId: category.id, excludeId: query.exclude },
    undefined,
    query,
  );
  return { products: summaries(rows), total, skip: query.skip, limit: query.limit };
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const row = found(await repo.findProduct(db, id), `The product ${id}`);
  return toProduct(row.product, { slug: row.category, name: row.categoryName }, row.images);
}

export async function topPicks(
  db: Db,
  query: { q?: string | undefined; limit: number; skip: number },
): Promise<ProductPage> {
  const { rows, total } = await repo.listProducts(
    db,
    repo.topPicksFilter(query.q),
    undefined,
    query,
  );
  return { products: summaries(rows), total, skip: query.skip, limit: query.limit };
}

export async function weeklyOffers(
  db: Db,
  query: { q?: string | undefined; limit: number; skip: number },
): Promise<ProductPage> {
  const { rows, total } = await repo.listWeeklyOffers(db, query.q, query);
  return { products: summaries(rows), total, skip: query.skip, limit: query.limit };
}

export async function home(db: Db, cache: FacetCache): Promise<Home> {
  const [tiles, offers, picks] = await Promise.all([
    cache.categories.get('home-tiles', () => repo.categoryFacets(db, HOME_CATEGORY_TILES)),
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

export function categoryList(db: Db, cache: FacetCache): Promise<CategoryFacet[]> {
  return cache.categories.get('all', () => repo.categoryFacets(db));
}

export async function brandList(
  db: Db,
  cache: FacetCache,
  categorySlug?: string,
): Promise<BrandFacet[]> {
  if (!categorySlug) return cache.brands.get('*', () => repo.brandFacets(db));
  const category = await repo.findCategoryBySlug(db, categorySlug);
  if (!category) return [];
  return cache.brands.get(categorySlug, () => repo.brandFacets(db, category.id));
}

export async function reviewsOf(db: Db, productId: number, page: PageRequest): Promise<ReviewPage> {
  if (!(await repo.productExists(db, productId))) found(undefined, `The product ${productId}`);
  const { rows, total } = repo.productReviews(db, productId);
  return paged('reviews', page, rows, total, toPublicReview);
}

/** The back office's Reviews screen: every review, newest first. */
export function listAllReviews(db: Db, page: PageRequest) {
  return paged('reviews', page, repo.allReviews(db), repo.countReviews(db), toReview);
}

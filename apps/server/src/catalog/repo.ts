// Catalogue queries. Filtering, sorting and paging all happen in the database.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  TOP_PICK_MIN_RATING,
  type BrandFacet,
  type CategoryFacet,
  type ProductListQuery,
  type ProductSort,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, productImages, products, reviews } from '../db/schema.ts';
import { likePattern, queryRows } from '../lib/sql.ts';

const productColumns = { product: products, category: categories.slug };

const ORDER_BY: Record<ProductSort | 'default', SQL[]> = {
  default: [asc(products.id)],
  priceAsc: [asc(products.salePriceCents), asc(products.id)],
  priceDesc: [desc(products.salePriceCents), desc(products.id)],
  titleAsc: [sql`lower(${products.title}) collate "C" asc`, asc(products.id)],
  titleDesc: [sql`lower(${products.title}) collate "C" desc`, desc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  stock: [desc(products.stock), asc(products.id)],
  rating: [desc(products.rating), asc(products.id)],
};

export type ProductFilter = Pick<ProductListQuery, 'q' | 'brand' | 'minRating'> & {
  categoryId?: number | undefined;
  excludeId?: number | undefined;
  ratingAbove?: number | undefined;
};

function whereOf(filter: ProductFilter): SQL | undefined {
  return and(
    filter.q ? ilike(products.title, likePattern(filter.q)) : undefined,
    filter.categoryId !== undefined ? eq(products.categoryId, filter.categoryId) : undefined,
    filter.brand ? eq(products.brand, filter.brand) : undefined,
    filter.minRating !== undefined ? gte(products.rating, filter.minRating) : undefined,
    filter.ratingAbove !== undefined ? gt(products.rating, filter.ratingAbove) : undefined,
    filter.excludeId !== undefined ? sql`${products.id} <> ${filter.excludeId}` : undefined,
  );
}

export interface Page {
  limit: number;
  skip: number;
}

export async function findCategoryBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return row;
}

/**
 * A text search counts its matches only up to this many: counting every title that contains a
 * common word in a million products costs more than the page itself, and nobody pages that far.
 */
export const SEARCH_COUNT_CAP = 1000;

function countMatches(db: Db, filter: ProductFilter, where: SQL | undefined) {
  if (!filter.q) return db.select({ total: count() }).from(products).where(where);
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches');
  return db.select({ total: count() }).from(matches);
}

export async function listProducts(
  db: Db,
  filter: ProductFilter,
  sort: ProductSort | undefined,
  page: Page,
) {
  const where = whereOf(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...ORDER_BY[sort ?? 'default'])
      .limit(page.limit)
      .offset(page.skip),
    countMatches(db, filter, where),
  ]);
  const total = totalRow?.total ?? 0;
  const capped = !!filter.q && total > SEARCH_COUNT_CAP;
  return { rows, total: capped ? SEARCH_COUNT_CAP : total, capped };
}

export async function findProduct(db: Db, id: number) {
  const [row] = await db
    .select({ ...productColumns, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return undefined;
  const images = await db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position));
  return { ...row, images: images.map((i) => i.url) };
}

/** Weekly Offers: the first product (lowest id) of each category, optionally searched. */
export async function listWeeklyOffers(db: Db, q: string | undefined, page: Page) {
  // A lateral lookup per category uses the (category_id, id) index: one row read per category,
  // however large the catalogue.
  const firsts = sql`
    select p.id from ${categories} c
    cross join lateral (
      select id, title from ${products} where category_id = c.id order by id limit 1
    ) p
    ${q ? sql`where p.title ilike ${likePattern(q)}` : sql``}`;
  const ids = (await queryRows<{ id: number }>(db, firsts)).map((r) => Number(r.id));
  ids.sort((a, b) => a - b);
  const pageIds = ids.slice(page.skip, page.skip + page.limit);
  const rows =
    pageIds.length === 0
      ? []
      : await db
          .select(productColumns)
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(products.id, pageIds))
          .orderBy(asc(products.id));
  return { rows, total: ids.length };
}

/** Top Picks: rated above 4.8, in catalogue order. */
export function topPicksFilter(q: string | undefined): ProductFilter {
  return { q, ratingAbove: TOP_PICK_MIN_RATING };
}

/** The last `n` Top Picks (SPEC §9: the home page shows the last 4). */
export async function lastTopPicks(db: Db, n: number) {
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(whereOf(topPicksFilter(undefined)))
    .orderBy(desc(products.id))
    .limit(n);
  return rows.reverse();
}

export async function categoryFacets(db: Db, slugs?: readonly string[]): Promise<CategoryFacet[]> {
  const rows = await db
    .select({ slug: categories.slug, name: categories.name, count: count(products.id) })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .where(slugs ? inArray(categories.slug, [...slugs]) : undefined)
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
  return rows;
}

export async function brandFacets(db: Db, categoryId?: number): Promise<BrandFacet[]> {
  return db
    .select({ name: products.brand, count: count() })
    .from(products)
    .where(categoryId !== undefined ? eq(products.categoryId, categoryId) : undefined)
    .groupBy(products.brand)
    .orderBy(asc(products.brand));
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

export const allReviews = (db: Db) =>
  db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));

export const countReviews = (db: Db) => db.select({ n: count() }).from(reviews);

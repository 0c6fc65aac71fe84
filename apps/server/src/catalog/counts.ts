// How many products a listing has, and the facets. Category and brand counts come from
// product_counts, which triggers keep exact (the migration catalogue_counts_and_search): no request counts products for them.
// Other filters (a minimum rating, Top Picks) are counted exactly up to 1,000 and then reported
// as "more than 1,000", so a count never reads more than 1,001 matches. Text searches count as
// they search (query/listing.ts).
import { asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { BrandFacet, CategoryFacet, OptionFacet } from '@duka/domain';
import { compareOptionNames, compareOptionValues } from '@duka/domain/catalog/variant-choice';
import type { Db } from '../db/client.ts';
import { categories, optionValueCounts, productCounts, products } from './schema.ts';
import { COUNT_CAP } from './limits.ts';
import { prepared } from './prepared.ts';
import {
  bindings,
  categoryIdOf,
  counterTotal,
  countedByCounters,
  placeholders,
  shapeOf,
  whereOf,
  type Bind,
  type ProductFilter,
} from './repo.ts';

export interface Total {
  total: number;
  /** True when there are more than `total` (= COUNT_CAP) matches. */
  capped: boolean;
}

/** The total of a listing without a text search. */
export async function countProducts(db: Db, filter: ProductFilter): Promise<Total> {
  if (countedByCounters(filter)) {
    const statement = prepared(db, `catalog_count_${shapeOf(filter)}`, (name) =>
      db
        .select({ total: counterTotal(filter, placeholders) })
        .from(sql`(select) as one`)
        .prepare(name),
    );
    const [row] = await statement.execute(bindings(filter));
    return { total: row?.total ?? 0, capped: false };
  }
  const statement = prepared(db, `catalog_capped_count_${shapeOf(filter)}`, (name) =>
    upToCap(db, filter, placeholders).prepare(name),
  );
  const [row] = await statement.execute(bindings(filter));
  const total = row?.total ?? 0;
  return total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false };
}

function upToCap(db: Db, filter: ProductFilter, bind: Bind) {
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(whereOf(filter, bind))
    .limit(COUNT_CAP + 1)
    .as('matches');
  return db.select({ total: count() }).from(matches);
}

/** Every category (or those named) with its number of products, by name. */
export async function categoryFacets(db: Db, slugs?: readonly string[]): Promise<CategoryFacet[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      count: sql<number>`coalesce(sum(${productCounts.products}), 0)::int`,
    })
    .from(categories)
    .leftJoin(productCounts, eq(productCounts.categoryId, categories.id))
    .where(slugs ? inArray(categories.slug, [...slugs]) : undefined)
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
}

/** Every brand that has products (in one category, if given) with their number, by name. */
export async function brandFacets(db: Db, categorySlug?: string): Promise<BrandFacet[]> {
  const total = sql<number>`sum(${productCounts.products})::int`;
  return db
    .select({ name: productCounts.brand, count: total })
    .from(productCounts)
    .where(
      categorySlug === undefined
        ? undefined
        : sql`${productCounts.categoryId} = ${categoryIdOf(categorySlug)}`,
    )
    .groupBy(productCounts.brand)
    .having(gt(total, 0))
    .orderBy(asc(productCounts.brand));
}

/**
 * The option facets (issue 21) of a category, or of the whole catalogue: each option's values with
 * how many products have a variant in stock with it, read from the counters.
 */
export async function optionFacets(db: Db, categorySlug?: string): Promise<OptionFacet[]> {
  const rows = await db
    .select({
      key: optionValueCounts.key,
      count: sql<number>`sum(${optionValueCounts.products})::int`,
    })
    .from(optionValueCounts)
    .where(
      categorySlug === undefined
        ? undefined
        : sql`${optionValueCounts.categoryId} = ${categoryIdOf(categorySlug)}`,
    )
    .groupBy(optionValueCounts.key)
    .having(sql`sum(${optionValueCounts.products}) > 0`);
  const byName = new Map<string, { value: string; count: number }[]>();
  for (const { key, count } of rows) {
    const at = key.indexOf('=');
    const name = key.slice(0, at);
    const values = byName.get(name) ?? [];
    if (values.length === 0) byName.set(name, values);
    values.push({ value: key.slice(at + 1), count });
  }
  return [...byName.keys()].sort(compareOptionNames).map((name) => ({
    name,
    values: byName.get(name)!.sort((a, b) => compareOptionValues(a.value, b.value)),
  }));
}

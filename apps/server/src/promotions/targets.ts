// The products, variants, categories and brands a promotion names must be in the catalogue: a
// typo would otherwise make a promotion that silently applies to nothing. Read from the
// catalogue's tables (a listed read model) rather than through catalog/, so that the catalogue
// can ask promotions for its sale prices without the two folders importing each other.
import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PromotionInput } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, productCounts, productVariants, products } from '../catalog/schema.ts';

/** Shown at the list's field; at most this many of the unknown ones are named. */
const NAMED = 10;
export function notInCatalogue(unknown: readonly (string | number)[]): string {
  const named = unknown.slice(0, NAMED).join(', ');
  const more = unknown.length > NAMED ? ` and ${unknown.length - NAMED} more` : '';
  return `Not in the catalogue: ${named}${more}.`;
}

const missing = <T>(given: readonly T[], found: Iterable<T>) => {
  const known = new Set(found);
  return [...new Set(given)].filter((x) => !known.has(x));
};

/**
 * `fields` for each list naming something the catalogue does not have (a variant taken off sale
 * included; a brand in any case); empty when all are known.
 */
export async function unknownTargets(
  db: Db,
  target: PromotionInput['applies_to'],
): Promise<Record<string, string>> {
  const productIds = target?.product_ids ?? [];
  const variantIds = target?.variant_ids ?? [];
  const slugs = target?.categories ?? [];
  const brands = target?.brands ?? [];
  const [foundProducts, foundVariants, foundCategories, foundBrands] = await Promise.all([
    productIds.length === 0
      ? []
      : db.select({ id: products.id }).from(products).where(inArray(products.id, productIds)),
    variantIds.length === 0
      ? []
      : db
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(and(inArray(productVariants.id, variantIds), isNull(productVariants.archivedAt))),
    slugs.length === 0
      ? []
      : db
          .select({ slug: categories.slug })
          .from(categories)
          .where(inArray(categories.slug, slugs)),
    brands.length === 0
      ? []
      : db
          .selectDistinct({ brand: sql<string>`lower(${productCounts.brand})` })
          .from(productCounts)
          .where(
            and(
              inArray(
                sql`lower(${productCounts.brand})`,
                brands.map((b) => b.toLowerCase()),
              ),
              gt(productCounts.products, 0),
            ),
          ),
  ]);
  const fields: Record<string, string> = {};
  const report = (field: string, unknown: readonly (string | number)[]) => {
    if (unknown.length > 0) fields[`applies_to.${field}`] = notInCatalogue(unknown);
  };
  report(
    'product_ids',
    missing(
      productIds,
      foundProducts.map((r) => r.id),
    ),
  );
  report(
    'variant_ids',
    missing(
      variantIds,
      foundVariants.map((r) => r.id),
    ),
  );
  report(
    'categories',
    missing(
      slugs,
      foundCategories.map((r) => r.slug),
    ),
  );
  const knownBrands = new Set(foundBrands.map((r) => r.brand));
  report(
    'brands',
    [...new Set(brands)].filter((b) => !knownBrands.has(b.toLowerCase())),
  );
  return fields;
}

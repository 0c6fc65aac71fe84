// What the shop has of the products an import names: the products by Handle, their options,
// variants on sale and pictures, and which product has each SKU. Read in an import's transaction
// (its products locked first, stock/lock.ts) or, for a dry run, with no lock at all.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, productImages, productOptions, products, productVariants } from '../schema.ts';

export type Existing = Awaited<ReturnType<typeof loadExisting>>;
export type ExistingProduct = NonNullable<ReturnType<Existing['products']['get']>>;
export type ExistingVariant = NonNullable<ReturnType<Existing['variantsOf']['get']>>[number];

function byProduct<T extends { productId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.productId);
    if (list) list.push(row);
    else map.set(row.productId, [row]);
  }
  return map;
}

export async function loadExisting(
  q: Db | Tx,
  handles: string[],
  skus: string[],
  /** Run on the found products' ids before anything else of them is read. */
  lock?: (ids: number[]) => Promise<void>,
) {
  const found = await q
    .select({
      id: products.id,
      handle: products.handle,
      sku: products.sku,
      title: products.title,
      description: products.description,
      titleSw: products.titleSw,
      descriptionSw: products.descriptionSw,
      brand: products.brand,
      category: categories.name,
      tags: products.tags,
      weightGrams: products.weightGrams,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.handle, handles));
  const ids = found.map((p) => p.id);
  await lock?.(ids);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const options = ids.length
    ? await q.select().from(productOptions).where(inArray(productOptions.productId, ids))
    : [];
  const variants = ids.length
    ? await q
        .select()
        .from(productVariants)
        .where(and(inArray(productVariants.productId, ids), isNull(productVariants.archivedAt)))
        .orderBy(asc(productVariants.position), asc(productVariants.id))
    : [];
  const images = ids.length
    ? await q
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position))
    : [];
  const owners = skus.length
    ? await q
        .select({ sku: productVariants.sku, productId: productVariants.productId })
        .from(productVariants)
        .where(and(inArray(productVariants.sku, skus), isNull(productVariants.archivedAt)))
    : [];
  return {
    products: new Map(found.map((p) => [p.handle, p])),
    options: byProduct(options),
    variantsOf: byProduct(variants),
    imagesOf: byProduct(images),
    skuOwner: new Map(owners.map((o) => [o.sku, o.productId])),
  };
}

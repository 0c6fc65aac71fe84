// Stock as the merchant counts it: a new product's or variant's starting stock, and a count set
// on a variant (or on a product sold as it is) from the back office or an import. The caller
// holds the product's lock (lock.ts).
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products, productVariants } from '../schema.ts';

/**
 * The stock part of a new product or variant row: `insert(productVariants).values({ …,
 * ...startingStock(n) })`. The other columns are the caller's to write. A product inserted with
 * it hands it to the variant its trigger makes (triggers.sql, product_default_variants).
 */
export const startingStock = (units: number) => ({ stock: units });

/**
 * A variant's stock counted afresh. With `productId`, only a variant on sale of that product
 * takes it. Answers the variant that did, if any; its product's total follows by trigger
 * (product_variant_totals).
 */
export async function setStockOfVariant(
  tx: Tx,
  variant: { id: number; productId?: number },
  units: number,
): Promise<{ id: number } | undefined> {
  const [set] = await tx
    .update(productVariants)
    .set({ stock: units })
    .where(
      and(
        eq(productVariants.id, variant.id),
        variant.productId !== undefined
          ? and(
              eq(productVariants.productId, variant.productId),
              isNull(productVariants.archivedAt),
            )
          : undefined,
      ),
    )
    .returning({ id: productVariants.id });
  return set;
}

/**
 * The stock of a product sold as it is (one variant), written on its row as SPEC's PATCH has it:
 * the trigger product_single_variant_synced writes it on the variant. For a product sold in
 * several variants the trigger product_totals_kept keeps the sum instead, so callers refuse that
 * first. The product counts as changed (updatedAt). Answers the product, if it exists.
 */
export async function setStockOfProduct(
  tx: Tx,
  productId: number,
  units: number,
): Promise<{ id: number } | undefined> {
  const [set] = await tx
    .update(products)
    .set({ stock: units, updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return set;
}

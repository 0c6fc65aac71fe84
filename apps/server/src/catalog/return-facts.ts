// What returns and exchanges (orders/returns/) need from the catalogue: each product's own return
// policy, and the sizes or colours it is sold in now, with their prices and stock.
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { products, productVariants } from './schema.ts';

/** Product id → its return policy text ('' where the shop's window applies). */
export async function returnPoliciesOf(
  db: Db | Tx,
  productIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, policy: products.returnPolicy })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.policy]));
}

export interface VariantOnSale {
  id: number;
  productId: number;
  /** '42 / Black'; '' for a product without options. */
  title: string;
  sku: string;
  /** The price a shopper pays now, cents. */
  salePriceCents: number;
  stock: number;
  image: string | null;
}

/** The variants on sale (not archived) of these products, in the shop's order. */
export async function variantsOnSaleOf(
  db: Db | Tx,
  productIds: readonly number[],
): Promise<VariantOnSale[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      title: productVariants.title,
      sku: productVariants.sku,
      salePriceCents: productVariants.salePriceCents,
      stock: productVariants.stock,
      image: productVariants.image,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, ids), isNull(productVariants.archivedAt)))
    .orderBy(
      asc(productVariants.productId),
      asc(productVariants.position),
      asc(productVariants.id),
    );
}

/** Variant id → its title, archived or not (an exchange asked for before it was archived). */
export async function variantTitlesOf(
  db: Db | Tx,
  variantIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productVariants.id, title: productVariants.title })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

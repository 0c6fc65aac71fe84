// A product as the audit log records it: its own fields (dimensions too), its pictures, its
// options with their values (so renaming one is recorded) and, when it is sold in several
// variants, each variant's SKU, price, discount and stock, keyed by the variant's title.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { productImages, productOptions, products, productVariants } from './schema.ts';
import type { AuditTrail } from '../audit/trail.ts';

export async function productSnapshot(tx: Tx, id: number): Promise<Record<string, unknown> | null> {
  const [p] = await tx
    .select({
      title: products.title,
      brand: products.brand,
      description: products.description,
      title_sw: products.titleSw,
      description_sw: products.descriptionSw,
      category_id: products.categoryId,
      tags: products.tags,
      sku: products.sku,
      price_cents: products.priceCents,
      discount_bp: products.discountBp,
      stock: products.stock,
      tax_type: products.taxType,
      item_class_code: products.itemClassCode,
      weight_grams: products.weightGrams,
      width_mm: products.widthMm,
      height_mm: products.heightMm,
      depth_mm: products.depthMm,
      warranty_information: products.warrantyInformation,
      shipping_information: products.shippingInformation,
      return_policy: products.returnPolicy,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!p) return null;
  const images = await tx
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position));
  const options = await tx
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, id))
    .orderBy(asc(productOptions.position));
  const variants = await tx
    .select({
      title: productVariants.title,
      sku: productVariants.sku,
      price_cents: productVariants.priceCents,
      discount_bp: productVariants.discountBp,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const snapshot: Record<string, unknown> = { ...p, images: images.map((i) => i.url), options };
  // A product of one variant keeps it in step with its own row: nothing more to say.
  if (variants.length > 1) {
    for (const { title, ...fields } of variants) snapshot[`variant ${title}`] = fields;
  }
  return snapshot;
}

/** Runs `change` on product `id` inside `tx`, then records what it changed. */
export async function auditedProductChange<T>(
  tx: Tx,
  audit: AuditTrail | undefined,
  id: number,
  action: string,
  change: () => Promise<T>,
): Promise<T> {
  if (!audit) return change();
  const before = await productSnapshot(tx, id);
  const result = await change();
  await audit.record(tx, {
    action,
    entity: 'product',
    entityId: id,
    before,
    after: await productSnapshot(tx, id),
  });
  return result;
}

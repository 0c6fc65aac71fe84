// A product's tax type and KRA item classification, and a category's classification (issue 23).
// A product without a classification of its own falls back to its category's.
import { eq, inArray } from 'drizzle-orm';
import type { ProductTax, ProductTaxView, TaxType } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { auditedProductChange } from './audit.ts';
import { categories, products } from './schema.ts';
import { found } from '../lib/http-error.ts';

/** KRA's item classification of each product: its own, else its category's ('' = the default). */
export async function itemClassCodes(
  tx: Db | Tx,
  productIds: number[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, own: products.itemClassCode, category: categories.itemClassCode })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [String(r.id), r.own ?? r.category ?? '']));
}

export async function productTax(db: Db, id: number): Promise<ProductTaxView> {
  const [row] = await db
    .select({
      id: products.id,
      taxType: products.taxType,
      own: products.itemClassCode,
      category: categories.itemClassCode,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  const p = found(row, `The product ${id}`);
  return {
    id: p.id,
    tax_type: p.taxType as TaxType,
    item_class_code: p.own,
    effective_item_class_code: p.own ?? p.category,
  };
}

export async function setProductTax(
  db: Db,
  id: number,
  tax: ProductTax,
  audit?: AuditTrail,
): Promise<ProductTaxView> {
  await db.transaction((tx) =>
    auditedProductChange(tx, audit, id, 'product.tax.update', async () => {
      const updated = await tx
        .update(products)
        .set({
          ...(tax.tax_type !== undefined && { taxType: tax.tax_type }),
          ...(tax.item_class_code !== undefined && { itemClassCode: tax.item_class_code }),
          updatedAt: new Date(),
        })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      found(updated[0], `The product ${id}`);
    }),
  );
  return productTax(db, id);
}

export async function setCategoryClass(
  db: Db,
  slug: string,
  code: string | null,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: categories.id, item_class_code: categories.itemClassCode })
      .from(categories)
      .where(eq(categories.slug, slug))
      .for('update');
    found(before, `The category ${slug}`);
    await tx.update(categories).set({ itemClassCode: code }).where(eq(categories.slug, slug));
    await audit?.record(tx, {
      action: 'category.tax.update',
      entity: 'category',
      entityId: slug,
      before: { item_class_code: before!.item_class_code },
      after: { item_class_code: code },
    });
  });
}

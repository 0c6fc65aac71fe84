// A product's tax type and KRA item classification, and a category's classification (issue 23).
// A product without a classification of its own falls back to its category's.
import { eq } from 'drizzle-orm';
import type { ProductTax, ProductTaxView, TaxType } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema.ts';
import { found } from '../lib/http-error.ts';

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

export async function setProductTax(db: Db, id: number, tax: ProductTax): Promise<ProductTaxView> {
  const updated = await db
    .update(products)
    .set({
      ...(tax.tax_type !== undefined && { taxType: tax.tax_type }),
      ...(tax.item_class_code !== undefined && { itemClassCode: tax.item_class_code }),
      updatedAt: new Date(),
    })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  found(updated[0], `The product ${id}`);
  return productTax(db, id);
}

export async function setCategoryClass(db: Db, slug: string, code: string | null): Promise<void> {
  const updated = await db
    .update(categories)
    .set({ itemClassCode: code })
    .where(eq(categories.slug, slug))
    .returning({ id: categories.id });
  found(updated[0], `The category ${slug}`);
}

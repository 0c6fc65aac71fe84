// Catalogue management: price, discount and stock edits, and new products. Admins only (routes).
import { eq } from 'drizzle-orm';
import { percentToBasisPoints, type ProductCreate, type ProductPatch } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, productImages, products } from '../db/schema.ts';
import { found } from '../lib/http-error.ts';

export async function patchProduct(db: Db, id: number, patch: ProductPatch): Promise<void> {
  const changes =
    patch.price !== undefined
      ? { priceCents: patch.price }
      : patch.discount_percentage !== undefined
        ? { discountBp: percentToBasisPoints(patch.discount_percentage) }
        : { stock: patch.stock! };
  const updated = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  found(updated[0], `The product ${id}`);
}

function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'other'
  );
}

/** Creates the product; its category is found by slug or name, or made. Returns the new id. */
export async function createProduct(
  db: Db,
  input: ProductCreate & { images: string[] },
): Promise<number> {
  const v = input as Required<ProductCreate>;
  return db.transaction(async (tx) => {
    const slug = slugOf(v.category);
    await tx.insert(categories).values({ slug, name: v.category.trim() }).onConflictDoNothing();
    const [category] = await tx.select().from(categories).where(eq(categories.slug, slug));
    const [row] = await tx
      .insert(products)
      .values({
        title: v.title,
        brand: v.brand,
        description: v.description,
        categoryId: category!.id,
        sku: v.sku,
        priceCents: v.price,
        discountBp: percentToBasisPoints(v.discountPercentage ?? 0),
        stock: v.stock,
        tags: v.tags,
        weightGrams: v.weight,
        warrantyInformation: v.warrantyInformation,
        shippingInformation: v.shippingInformation,
        returnPolicy: v.returnPolicy,
        thumbnail: input.images[0]!,
      })
      .returning({ id: products.id });
    await tx
      .insert(productImages)
      .values(input.images.map((url, position) => ({ productId: row!.id, position, url })));
    return row!.id;
  });
}

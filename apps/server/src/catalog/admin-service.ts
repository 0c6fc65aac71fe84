// Catalogue management: price, discount and stock edits, and new products. Admins only (routes).
import { and, eq, ne } from 'drizzle-orm';
import {
  percentToBasisPoints,
  type ProductCreate,
  type ProductPatch,
  type ProductUpdate,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { categories, productImages, products } from '../db/schema.ts';
import { found, HttpError } from '../lib/http-error.ts';

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

/** The category named (by slug or name), made when the shop has none of that name. */
async function categoryIdOf(tx: Tx, name: string): Promise<number> {
  const slug = slugOf(name);
  await tx.insert(categories).values({ slug, name: name.trim() }).onConflictDoNothing();
  const [category] = await tx.select().from(categories).where(eq(categories.slug, slug));
  return category!.id;
}

/** Creates the product; its category is found by slug or name, or made. Returns the new id. */
export async function createProduct(
  db: Db,
  input: ProductCreate & { images: string[] },
): Promise<number> {
  const v = input as Required<ProductCreate>;
  return db.transaction(async (tx) => {
    const categoryId = await categoryIdOf(tx, v.category);
    const [row] = await tx
      .insert(products)
      .values({
        title: v.title,
        brand: v.brand,
        description: v.description,
        categoryId,
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

/**
 * The product editor's save (issue 21): every field at once, in one transaction, the images
 * replaced in their new order. A SKU another product has is refused (409, `fields.sku`): packing
 * and stock counts go by it.
 */
export async function updateProduct(db: Db, id: number, input: ProductUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, input.sku), ne(products.id, id)))
      .limit(1);
    if (taken) {
      throw new HttpError(409, 'SKU_TAKEN', 'Another product has this SKU.', {
        sku: `Product ${taken.id} already has the SKU ${input.sku}.`,
      });
    }
    const categoryId = await categoryIdOf(tx, input.category);
    const updated = await tx
      .update(products)
      .set({
        title: input.title,
        brand: input.brand,
        description: input.description,
        categoryId,
        tags: input.tags,
        sku: input.sku,
        priceCents: input.price,
        discountBp: percentToBasisPoints(input.discountPercentage),
        stock: input.stock,
        weightGrams: input.weight,
        widthMm: input.dimensions.width,
        heightMm: input.dimensions.height,
        depthMm: input.dimensions.depth,
        warrantyInformation: input.warrantyInformation,
        shippingInformation: input.shippingInformation,
        returnPolicy: input.returnPolicy,
        thumbnail: input.images[0]!,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    found(updated[0], `The product ${id}`);
    await tx.delete(productImages).where(eq(productImages.productId, id));
    await tx
      .insert(productImages)
      .values(input.images.map((url, position) => ({ productId: id, position, url })));
  });
}

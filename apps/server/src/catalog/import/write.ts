// Making one product's change (changes.ts) in the catalogue: a new product with its options,
// variants and own pictures, or an update's writes. Each runs in a savepoint of its own (apply.ts).
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productImages, products, productVariants } from '../schema.ts';
import { categoryIdOf } from '../admin-service.ts';
import { appendOptionValues, insertVariants, optionColumns, variantSkuOf } from '../variants.ts';
import { setStockOfProduct, setStockOfVariant, startingStock } from '../stock/index.ts';
import { pricing, type ProductUpdate, type RemoteImage } from './changes.ts';
import type { PlannedProduct } from './plan.ts';

/** Shown until an imported product's first picture has been fetched (public/ of the web app). */
export const IMPORT_PLACEHOLDER_IMAGE = '/placeholder-product.svg';

/** A picture to fetch for a product: [product id, position, address, line]. */
export interface ImageToFetch {
  productId: number;
  position: number;
  src: string;
  line: number;
}

export async function writeCreation(
  tx: Tx,
  plan: PlannedProduct,
  own: string[],
  remote: RemoteImage[],
): Promise<ImageToFetch[]> {
  const fields = plan.fields!;
  const first = plan.variants[0]!;
  const firstPrice = pricing(first);
  const single = plan.optionNames.length === 0;
  const [row] = await tx
    .insert(products)
    .values({
      title: fields.title,
      description: fields.description,
      titleSw: fields.titleSw ?? null,
      descriptionSw: fields.descriptionSw ?? null,
      brand: fields.brand,
      categoryId: await categoryIdOf(tx, fields.category),
      handle: plan.handle,
      sku: (single ? first.sku : undefined) ?? `new-${crypto.randomUUID()}`,
      ...firstPrice,
      ...startingStock(single ? first.stock : 0),
      tags: fields.tags,
      weightGrams: first.grams ?? 0,
      // Shopify's file has no warranty, shipping time or return policy: none is made up (026).
      warrantyInformation: '',
      shippingInformation: '',
      returnPolicy: '',
      thumbnail: own[0] ?? IMPORT_PLACEHOLDER_IMAGE,
    })
    .returning({ id: products.id, sku: products.sku });
  const id = row!.id;
  let sku = row!.sku;
  if (sku.startsWith('new-')) {
    sku = `DK-${String(id).padStart(5, '0')}`;
    await tx.update(products).set({ sku }).where(eq(products.id, id));
  }
  if (own.length > 0) {
    await tx
      .insert(productImages)
      .values(own.map((url, position) => ({ productId: id, position, url })));
  }
  if (single) {
    if (first.barcode) {
      await tx
        .update(productVariants)
        .set({ barcode: first.barcode })
        .where(eq(productVariants.productId, id));
    }
  } else {
    await insertVariants(tx, id, {
      productSku: sku,
      price: firstPrice.priceCents,
      discountPercentage: firstPrice.discountBp / 100,
      options: plan.optionNames.map((name, i) => ({
        name,
        values: [...new Set(plan.variants.map((v) => v.values[i]!))],
      })),
      variants: plan.variants.map((v) => {
        const p = pricing(v);
        return {
          options: Object.fromEntries(plan.optionNames.map((n, i) => [n, v.values[i]!])),
          ...(v.sku ? { sku: v.sku } : {}),
          price: p.priceCents,
          discountPercentage: p.discountBp / 100,
          stock: v.stock,
          ...(v.barcode ? { barcode: v.barcode } : {}),
          ...(v.grams !== undefined ? { weight: v.grams } : {}),
        };
      }),
    });
  }
  return remote.map((r, i) => ({
    productId: id,
    position: own.length + i,
    src: r.src,
    line: r.line,
  }));
}

export async function writeUpdate(tx: Tx, update: ProductUpdate): Promise<ImageToFetch[]> {
  const { current, optionNames: names } = update;
  if (Object.keys(update.patch).length > 0 || update.category !== undefined) {
    await tx
      .update(products)
      .set({
        ...update.patch,
        ...(update.category !== undefined
          ? { categoryId: await categoryIdOf(tx, update.category) }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, current.id));
  }

  const single = names.length === 0;
  for (const { id, patch } of update.variants) {
    if (single) {
      // One fact in two rows: written on the product, its trigger writes the variant.
      const { weightGrams, barcode, stock, ...onProduct } = patch;
      if (Object.keys(onProduct).length || weightGrams !== undefined) {
        await tx
          .update(products)
          .set({
            ...onProduct,
            ...(weightGrams !== undefined ? { weightGrams } : {}),
            updatedAt: new Date(),
          })
          .where(eq(products.id, current.id));
      }
      if (stock !== undefined) await setStockOfProduct(tx, current.id, stock);
      if (barcode !== undefined) {
        await tx.update(productVariants).set({ barcode }).where(eq(productVariants.id, id));
      }
    } else {
      const { stock, ...others } = patch;
      if (Object.keys(others).length > 0) {
        await tx.update(productVariants).set(others).where(eq(productVariants.id, id));
      }
      if (stock !== undefined) await setStockOfVariant(tx, { id }, stock);
    }
  }

  if (update.added.length > 0) {
    await appendOptionValues(
      tx,
      update.options,
      update.added.map((v) => v.values),
    );
    let position = update.lastPosition + 1;
    await tx.insert(productVariants).values(
      update.added.map((v) => ({
        productId: current.id,
        position: position++,
        sku: v.sku ?? variantSkuOf(current.sku, v.values),
        ...optionColumns(names, v.values),
        ...pricing(v),
        ...startingStock(v.stock),
        barcode: v.barcode ?? null,
        weightGrams: v.grams ?? null,
      })),
    );
  }

  if (update.images) {
    await tx.delete(productImages).where(eq(productImages.productId, current.id));
    await tx
      .insert(productImages)
      .values(
        update.images.map((image, position) => ({ productId: current.id, position, ...image })),
      );
    await tx
      .update(products)
      .set({ thumbnail: update.images[0]!.url })
      .where(eq(products.id, current.id));
  }
  return update.fetch.map((f) => ({ productId: current.id, ...f }));
}

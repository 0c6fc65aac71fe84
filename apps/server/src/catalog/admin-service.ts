// Catalogue management: price, discount and stock edits, and new products. Admins only (routes).
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  percentToBasisPoints,
  type ProductCreateParsed,
  type ProductOption,
  type ProductPatch,
  type ProductUpdate,
  type VariantPatch,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { categories, productImages, productOptions, products, productVariants } from './schema.ts';
import { found, HttpError, unprocessable } from '../lib/http-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { auditedProductChange, productSnapshot } from './audit.ts';
import { lockStock, setStockOfProduct, setStockOfVariant, startingStock } from './stock/index.ts';
import { insertVariants, refuseTakenSkus, variantCount } from './variants.ts';

/**
 * SPEC's one-field edit. A one-variant product is written on its row (a trigger writes its
 * variant); a product sold in sizes gets a new price or discount on every variant, and its stock
 * only per variant.
 */
export async function patchProduct(
  db: Db,
  id: number,
  patch: ProductPatch,
  audit?: AuditTrail,
): Promise<void> {
  const field =
    patch.price !== undefined
      ? 'price'
      : patch.discount_percentage !== undefined
        ? 'discount'
        : 'stock';
  await db.transaction(async (tx) => {
    await lockStock(tx, [id]);
    await auditedProductChange(tx, audit, id, `product.${field}.update`, async () => {
      const single = (await variantCount(tx, id)) <= 1;
      if (field === 'stock') {
        if (!single) {
          throw unprocessable(
            'This product is sold in several variants: set the stock of each variant.',
            'STOCK_PER_VARIANT',
          );
        }
        found(await setStockOfProduct(tx, id, patch.stock!), `The product ${id}`);
        return;
      }
      const changes =
        field === 'price'
          ? { priceCents: patch.price! }
          : { discountBp: percentToBasisPoints(patch.discount_percentage!) };
      if (!single) {
        await tx
          .update(productVariants)
          .set(changes)
          .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)));
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
        return;
      }
      const updated = await tx
        .update(products)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      found(updated[0], `The product ${id}`);
    });
  });
}

/** `product.price.update` for a variant's price alone (a product's price history shows it). */
function variantAction(patch: VariantPatch): string {
  const fields = Object.entries({
    price: patch.price,
    discount: patch.discountPercentage,
    stock: patch.stock,
    sku: patch.sku,
  }).filter(([, value]) => value !== undefined);
  return fields.length === 1 ? `product.${fields[0]![0]}.update` : 'product.variant.update';
}

/** One variant's price, discount, stock or SKU (issue 21), its product locked first. */
export async function patchVariant(
  db: Db,
  productId: number,
  variantId: number,
  patch: VariantPatch,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStock(tx, [productId]);
    await auditedProductChange(tx, audit, productId, variantAction(patch), async () => {
      if (patch.sku !== undefined) {
        await refuseTakenSkus(tx, [{ sku: patch.sku, field: 'sku' }], { variantId });
      }
      const others = {
        ...(patch.price !== undefined ? { priceCents: patch.price } : {}),
        ...(patch.discountPercentage !== undefined
          ? { discountBp: percentToBasisPoints(patch.discountPercentage) }
          : {}),
        ...(patch.sku !== undefined ? { sku: patch.sku } : {}),
      };
      const updated =
        Object.keys(others).length > 0
          ? await tx
              .update(productVariants)
              .set(others)
              .where(
                and(
                  eq(productVariants.id, variantId),
                  eq(productVariants.productId, productId),
                  isNull(productVariants.archivedAt),
                ),
              )
              .returning({ id: productVariants.id })
          : [];
      const stocked =
        patch.stock !== undefined
          ? await setStockOfVariant(tx, { id: variantId, productId }, patch.stock)
          : undefined;
      found(updated[0] ?? stocked, `The variant ${variantId} of product ${productId}`);
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    });
  });
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
export async function categoryIdOf(tx: Tx, name: string): Promise<number> {
  const slug = slugOf(name);
  await tx.insert(categories).values({ slug, name: name.trim() }).onConflictDoNothing();
  const [category] = await tx.select().from(categories).where(eq(categories.slug, slug));
  return category!.id;
}

/**
 * Creates the product; its category is found by slug or name, or made. With options, its
 * variants replace the one a new product gets. Returns the new id.
 */
export async function createProduct(
  db: Db,
  input: ProductCreateParsed,
  audit?: AuditTrail,
): Promise<number> {
  const v = input;
  const variants = v.options.length > 0 ? (v.variants ?? []) : [];
  return db.transaction(async (tx) => {
    await refuseTakenSkus(tx, [
      ...(input.sku ? [{ sku: input.sku, field: 'sku' }] : []),
      ...variants.flatMap((variant, i) =>
        variant.sku ? [{ sku: variant.sku, field: `variants.${i}.sku` }] : [],
      ),
    ]);
    const categoryId = await categoryIdOf(tx, v.category);
    const [row] = await tx
      .insert(products)
      .values({
        title: v.title,
        brand: v.brand,
        description: v.description,
        titleSw: v.title_sw ?? null,
        descriptionSw: v.description_sw ?? null,
        categoryId,
        // A SKU of its own until the id is known (DK-00042, below).
        sku: input.sku ?? `new-${crypto.randomUUID()}`,
        priceCents: v.price,
        discountBp: percentToBasisPoints(v.discountPercentage ?? 0),
        ...startingStock(variants.length > 0 ? 0 : v.stock),
        tags: v.tags,
        weightGrams: v.weight,
        warrantyInformation: v.warrantyInformation,
        shippingInformation: v.shippingInformation,
        returnPolicy: v.returnPolicy,
        thumbnail: input.images[0]!,
      })
      .returning({ id: products.id });
    const id = row!.id;
    const sku = input.sku ?? `DK-${String(id).padStart(5, '0')}`;
    if (!input.sku) await tx.update(products).set({ sku }).where(eq(products.id, id));
    await tx
      .insert(productImages)
      .values(input.images.map((url, position) => ({ productId: id, position, url })));
    if (variants.length > 0) {
      await insertVariants(tx, id, {
        productSku: sku,
        price: v.price,
        discountPercentage: v.discountPercentage ?? 0,
        options: v.options,
        variants,
      });
    }
    const after = await productSnapshot(tx, id);
    await audit?.record(tx, { action: 'product.create', entity: 'product', entityId: id, after });
    return id;
  });
}

/**
 * The product editor's save (issue 21): every field at once, in one transaction, the images
 * replaced in their new order. A SKU another product has is refused (409, `fields.sku`): packing
 * and stock counts go by it. It also takes back the product as its GET gives it (issue 33): a
 * product sold in sizes without a SKU or price of its own, its variants by id.
 */
export async function updateProduct(
  db: Db,
  id: number,
  input: ProductUpdate,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStock(tx, [id]);
    await auditedProductChange(tx, audit, id, 'product.update', async () => {
      // Sold in sizes: price, discount, stock and SKU are each variant's (`variants`, below).
      const single = (await variantCount(tx, id)) <= 1;
      if (single && input.sku !== undefined) {
        await refuseTakenSkus(tx, [{ sku: input.sku, field: 'sku' }], { productId: id });
      }
      const categoryId = await categoryIdOf(tx, input.category);
      const updated = await tx
        .update(products)
        .set({
          title: input.title,
          brand: input.brand,
          description: input.description,
          // Left out: unchanged (a client that does not know them keeps the merchant's words).
          ...(input.title_sw !== undefined && { titleSw: input.title_sw }),
          ...(input.description_sw !== undefined && { descriptionSw: input.description_sw }),
          categoryId,
          tags: input.tags,
          ...(single
            ? {
                ...(input.sku !== undefined && { sku: input.sku }),
                ...(input.price !== undefined && { priceCents: input.price }),
                ...(input.discountPercentage !== undefined && {
                  discountBp: percentToBasisPoints(input.discountPercentage),
                }),
              }
            : {}),
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
      if (single && input.stock !== undefined) await setStockOfProduct(tx, id, input.stock);
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await tx
        .insert(productImages)
        .values(input.images.map((url, position) => ({ productId: id, position, url })));
      if (input.options !== undefined) await refuseOtherOptions(tx, id, input.options);
      if (!single && input.variants) await updateVariants(tx, id, input.variants);
    });
  });
}

/** The options a PUT carries must be the product's: they change only through PUT …/options. */
async function refuseOtherOptions(tx: Tx, id: number, given: ProductOption[]): Promise<void> {
  const current = await tx
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, id))
    .orderBy(asc(productOptions.position));
  if (
    JSON.stringify(current) !== JSON.stringify(given.map(({ name, values }) => ({ name, values })))
  ) {
    throw new HttpError(
      409,
      'OPTIONS_CHANGED',
      'Sizes and colours change through PUT /api/admin/products/{id}/options.',
      { options: 'These are not the product’s options: change them with its options.' },
    );
  }
}

/** Each variant given by id gets what is given of its SKU, price, discount and stock. */
async function updateVariants(
  tx: Tx,
  id: number,
  variants: NonNullable<ProductUpdate['variants']>,
): Promise<void> {
  const onSale = new Set(
    (
      await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)))
    ).map((v) => v.id),
  );
  const strangers = Object.fromEntries(
    variants.flatMap((v, i) =>
      onSale.has(v.id) ? [] : [[`variants.${i}.id`, `The product has no variant ${v.id} on sale.`]],
    ),
  );
  if (Object.keys(strangers).length > 0) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid request', strangers);
  }
  await refuseTakenSkus(
    tx,
    variants.flatMap((v, i) => (v.sku ? [{ sku: v.sku, field: `variants.${i}.sku` }] : [])),
    { productId: id },
  );
  for (const v of variants) {
    const change = {
      ...(v.sku !== undefined && { sku: v.sku }),
      ...(v.price !== undefined && { priceCents: v.price }),
      ...(v.discountPercentage !== undefined && {
        discountBp: percentToBasisPoints(v.discountPercentage),
      }),
    };
    if (Object.keys(change).length > 0) {
      await tx.update(productVariants).set(change).where(eq(productVariants.id, v.id));
    }
    if (v.stock !== undefined) await setStockOfVariant(tx, { id: v.id }, v.stock);
  }
}

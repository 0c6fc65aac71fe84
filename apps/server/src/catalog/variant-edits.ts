// Changing what a product is sold in after it was made (issue 21): a variant added, a variant
// taken off sale, or the options replaced. A variant that orders name is archived, never
// deleted, so every order keeps what was sold; one nobody ordered is simply deleted. The
// product row is locked first (stock/lock.ts's order) and its totals follow by trigger.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  percentToBasisPoints,
  type ProductOptionsReplace,
  type VariantInput,
  type VariantStock,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { productOptions, products, productVariants } from './schema.ts';
import { forgetVariant } from '../cart/repo.ts';
import { found, HttpError, unprocessable } from '../lib/http-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { auditedProductChange } from './audit.ts';
import { lockStock, setStockOfVariant, startingStock } from './stock/index.ts';
import {
  appendOptionValues,
  insertVariants,
  optionColumns,
  refuseTakenSkus,
  valuesOfRow,
  variantSkuOf,
} from './variants.ts';

const FOREIGN_KEY_VIOLATION = '23503';

const onSale = (productId: number) =>
  and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt));

/**
 * Takes one variant off sale: deleted, or archived when an order line names it (the database's
 * foreign key says so). Carts lose it; a wishlist keeps the product.
 */
async function retire(tx: Tx, variantId: number): Promise<'deleted' | 'archived'> {
  try {
    await tx.transaction((sp) =>
      sp.delete(productVariants).where(eq(productVariants.id, variantId)),
    );
    return 'deleted';
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ??
      (err as { code?: string }).code;
    if (code !== FOREIGN_KEY_VIOLATION) throw err;
  }
  await tx
    .update(productVariants)
    .set({ archivedAt: new Date() })
    .where(eq(productVariants.id, variantId));
  await forgetVariant(tx, variantId);
  return 'archived';
}

/** The options' values no variant on sale has any more are dropped, so nobody is offered them. */
async function pruneValues(tx: Tx, productId: number) {
  const variants = await tx.select().from(productVariants).where(onSale(productId));
  const options = await tx
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId));
  for (const o of options) {
    const column = (['option1', 'option2', 'option3'] as const)[o.position - 1]!;
    const used = o.values.filter((v) => variants.some((x) => x[column] === v));
    if (used.length !== o.values.length) {
      await tx.update(productOptions).set({ values: used }).where(eq(productOptions.id, o.id));
    }
  }
}

const touched = (tx: Tx, productId: number) =>
  tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));

/**
 * The stock of several of a product's variants, as All Products' Stock dialog sets it for a
 * product sold in sizes (issue 33): every one or none, one audit row for the lot. A variant that
 * is not the product's, or is off sale, is refused at its place in the list.
 */
export async function setVariantStock(
  db: Db,
  productId: number,
  input: VariantStock,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStock(tx, [productId]);
    await auditedProductChange(tx, audit, productId, 'product.stock.update', async () => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId));
      found(product, `The product ${productId}`);
      const onSaleIds = new Set(
        (
          await tx.select({ id: productVariants.id }).from(productVariants).where(onSale(productId))
        ).map((v) => v.id),
      );
      const strangers = Object.fromEntries(
        input.variants.flatMap((v, i) =>
          onSaleIds.has(v.id)
            ? []
            : [[`variants.${i}.id`, `The product has no variant ${v.id} on sale.`]],
        ),
      );
      if (Object.keys(strangers).length > 0) {
        throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid request', strangers);
      }
      for (const { id, stock } of input.variants) {
        await setStockOfVariant(tx, { id }, stock);
      }
      await touched(tx, productId);
    });
  });
}

export async function removeVariant(
  db: Db,
  productId: number,
  variantId: number,
  audit?: AuditTrail,
) {
  return db.transaction(async (tx) => {
    await lockStock(tx, [productId]);
    await auditedProductChange(tx, audit, productId, 'product.variant.delete', async () => {
      const variants = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(onSale(productId));
      found(
        variants.find((v) => v.id === variantId),
        `The variant ${variantId} of product ${productId}`,
      );
      if (variants.length === 1) {
        throw unprocessable(
          'A product is sold in at least one variant: add another before removing this one.',
          'LAST_VARIANT',
        );
      }
      const outcome = await retire(tx, variantId);
      await pruneValues(tx, productId);
      await touched(tx, productId);
      return outcome;
    });
  });
}

/** One more combination of the product's options; a new value joins its option, last. */
export async function addVariant(
  db: Db,
  productId: number,
  input: VariantInput,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStock(tx, [productId]);
    await auditedProductChange(tx, audit, productId, 'product.variant.create', async () => {
      const [product] = await tx.select().from(products).where(eq(products.id, productId));
      found(product, `The product ${productId}`);
      const options = await tx
        .select()
        .from(productOptions)
        .where(eq(productOptions.productId, productId))
        .orderBy(asc(productOptions.position));
      if (options.length === 0) {
        throw unprocessable(
          'This product has no sizes or colours: give it options first.',
          'NO_OPTIONS',
        );
      }
      const names = options.map((o) => o.name);
      const given = Object.keys(input.options);
      if (given.length !== names.length || names.some((n) => !input.options[n])) {
        throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid request', {
          options: `Give a value of each option: ${names.join(', ')}.`,
        });
      }
      const values = names.map((n) => input.options[n]!);
      const variants = await tx.select().from(productVariants).where(onSale(productId));
      const key = values.join('\u0000');
      if (variants.some((v) => valuesOfRow(v, names.length).join('\u0000') === key)) {
        throw new HttpError(409, 'VARIANT_EXISTS', 'Another variant has these values.', {
          options: 'Another variant has these values.',
        });
      }
      const sku = input.sku ?? variantSkuOf(product!.sku, values);
      await refuseTakenSkus(tx, [{ sku, field: 'sku' }]);
      await appendOptionValues(tx, options, [values]);
      const [{ last } = { last: 0 }] = await tx
        .select({ last: sql<number>`coalesce(max(${productVariants.position}), 0)::int` })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      await tx.insert(productVariants).values({
        productId,
        position: last + 1,
        sku,
        ...optionColumns(names, values),
        priceCents: input.price ?? variants[0]?.priceCents ?? product!.priceCents,
        discountBp:
          input.discountPercentage !== undefined
            ? percentToBasisPoints(input.discountPercentage)
            : (variants[0]?.discountBp ?? product!.discountBp),
        ...startingStock(input.stock),
        barcode: input.barcode ?? null,
        weightGrams: input.weight ?? null,
        image: input.image ?? null,
      });
      await touched(tx, productId);
    });
  });
}

/**
 * New options and variants for the product: what it was sold in leaves sale (archived or
 * deleted, as above), then the new variants go on sale with the product's price unless given.
 */
export async function replaceOptions(
  db: Db,
  productId: number,
  input: ProductOptionsReplace,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStock(tx, [productId]);
    await auditedProductChange(tx, audit, productId, 'product.options.update', async () => {
      const [product] = await tx.select().from(products).where(eq(products.id, productId));
      found(product, `The product ${productId}`);
      const old = await tx.select().from(productVariants).where(onSale(productId));
      const [{ last } = { last: 0 }] = await tx
        .select({ last: sql<number>`coalesce(max(${productVariants.position}), 0)::int` })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      for (const v of old) await retire(tx, v.id);
      await tx.delete(productOptions).where(eq(productOptions.productId, productId));
      await insertVariants(
        tx,
        productId,
        {
          // New variants without a SKU get one from the product's: DK-00042-38-BLACK.
          productSku: product!.sku,
          price: old[0]?.priceCents ?? product!.priceCents,
          discountPercentage: (old[0]?.discountBp ?? product!.discountBp) / 100,
          options: input.options,
          variants: input.variants,
        },
        { dropExisting: false, positionFrom: last + 1 },
      );
      await touched(tx, productId);
    });
  });
}

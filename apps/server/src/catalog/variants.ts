// A product's options and variants as the admin sets them (issue 21); their stock is stock/'s.
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { percentToBasisPoints, type ProductCreateParsed, type VariantInput } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { productOptions, productVariants } from './schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { startingStock } from './stock/index.ts';

/** How many variants of the product are on sale: 1 for a product without options. */
export async function variantCount(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)));
  return row?.n ?? 0;
}

/** '42 / Black': the values in the options' order. */
export const variantTitleOf = (values: readonly string[]) => values.join(' / ');

/** A variant's columns that follow from its option values: its title, option1–3 and keys. */
export function optionColumns(names: readonly string[], values: readonly string[]) {
  return {
    title: variantTitleOf(values),
    option1: values[0] ?? null,
    option2: values[1] ?? null,
    option3: values[2] ?? null,
    optionKeys: names.map((n, i) => `${n}=${values[i]}`),
  };
}

/** The values of a variant row, in its options' order (the first `count` of option1–3). */
export const valuesOfRow = (
  row: { option1: string | null; option2: string | null; option3: string | null },
  count: number,
) => [row.option1, row.option2, row.option3].slice(0, count);

/** New values join their options, after the ones the product has (options in position order). */
export async function appendOptionValues(
  tx: Tx,
  options: readonly { id: number; values: string[] }[],
  combinations: readonly (readonly string[])[],
): Promise<void> {
  for (const [i, option] of options.entries()) {
    const values = [...option.values];
    for (const c of combinations) if (!values.includes(c[i]!)) values.push(c[i]!);
    if (values.length !== option.values.length) {
      await tx.update(productOptions).set({ values }).where(eq(productOptions.id, option.id));
    }
  }
}

/** A readable SKU for a variant the admin gave none: SHOE-1-42-BLACK. */
export function variantSkuOf(productSku: string, values: readonly string[]): string {
  const parts = values.map((v) =>
    v
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
  return [productSku, ...parts].filter(Boolean).join('-').slice(0, 60);
}

/** 409 at `field` when a variant on sale of another product (or another variant) has the SKU. */
export async function refuseTakenSkus(
  tx: Tx,
  skus: readonly { sku: string; field: string }[],
  except: { productId?: number; variantId?: number } = {},
): Promise<void> {
  if (skus.length === 0) return;
  const taken = await tx
    .select({ sku: productVariants.sku, productId: productVariants.productId })
    .from(productVariants)
    .where(
      and(
        inArray(
          productVariants.sku,
          skus.map((s) => s.sku),
        ),
        isNull(productVariants.archivedAt),
        except.productId !== undefined
          ? ne(productVariants.productId, except.productId)
          : undefined,
        except.variantId !== undefined ? ne(productVariants.id, except.variantId) : undefined,
      ),
    );
  if (taken.length === 0) return;
  const fields: Record<string, string> = {};
  for (const t of taken) {
    const field = skus.find((s) => s.sku === t.sku)!.field;
    fields[field] = `Product ${t.productId} already has the SKU ${t.sku}.`;
  }
  throw new HttpError(409, 'SKU_TAKEN', 'Another product has this SKU.', fields);
}

export interface VariantsToSet {
  productSku: string;
  /** The product's price and discount: a variant's unless it says otherwise. */
  price: number;
  discountPercentage: number;
  options: ProductCreateParsed['options'];
  variants: VariantInput[];
}

/**
 * Gives a new product its options and one variant per combination, replacing the one variant
 * every product is made with. The schema has checked that options and variants agree.
 */
export async function insertVariants(
  tx: Tx,
  productId: number,
  set: VariantsToSet,
  /** False when the product's old variants have already left sale (variant-edits.ts). */
  { dropExisting = true, positionFrom = 0 } = {},
) {
  const rows = set.variants.map((variant, position) => {
    const values = set.options.map((o) => variant.options[o.name]!);
    return {
      productId,
      position,
      sku: variant.sku ?? variantSkuOf(set.productSku, values),
      ...optionColumns(
        set.options.map((o) => o.name),
        values,
      ),
      priceCents: variant.price ?? set.price,
      discountBp: percentToBasisPoints(variant.discountPercentage ?? set.discountPercentage),
      ...startingStock(variant.stock),
      barcode: variant.barcode ?? null,
      weightGrams: variant.weight ?? null,
      image: variant.image ?? null,
    };
  });
  if (dropExisting) {
    await tx.delete(productVariants).where(eq(productVariants.productId, productId));
  }
  await refuseTakenSkus(
    tx,
    rows.map((r, i) => ({ sku: r.sku, field: `variants.${i}.sku` })),
  );
  await tx
    .insert(productOptions)
    .values(
      set.options.map((o, i) => ({ productId, position: i + 1, name: o.name, values: o.values })),
    );
  await tx
    .insert(productVariants)
    .values(rows.map((r) => ({ ...r, position: r.position + positionFrom })));
}

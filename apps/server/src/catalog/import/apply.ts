// Applying an import's plan (plan.ts) to the catalogue: a product is matched by its Handle, a
// variant by its SKU or else its option values, so the same file imported twice changes nothing.
// Products go in batches, each batch one transaction with the matched products locked first
// (catalog/stock.ts's lock order) and each product in a savepoint of its own: one product that
// fails is reported and rolled back, the rest of its batch is kept.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { displayPriceCents } from '@duka/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  productImages,
  productImportImages,
  productOptions,
  products,
  productVariants,
} from '../../db/schema.ts';
import { categoryIdOf } from '../admin-service.ts';
import { lockStock } from '../stock.ts';
import {
  appendOptionValues,
  insertVariants,
  optionColumns,
  valuesOfRow,
  variantSkuOf,
} from '../variants.ts';
import type { ImportIssue, PlannedProduct, PlannedVariant } from './plan.ts';

/** Shown until an imported product's first picture has been fetched (public/ of the web app). */
export const IMPORT_PLACEHOLDER_IMAGE = '/placeholder-product.svg';
const OWN_IMAGE = /^\/uploads\/[0-9a-f-]{36}\.webp$|^\/images\/products\/[A-Za-z0-9._-]+\.webp$/;
const BATCH = 25;

export interface ApplyOptions {
  importId: string;
  dryRun: boolean;
  /** The shop's own address: an Image Src on it is one of its own pictures, not fetched. */
  origin: string;
  onProgress?: (products: number) => Promise<void>;
}

export interface ApplyOutcome {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  imagesQueued: number;
}

type Existing = Awaited<ReturnType<typeof loadExisting>>;
type ExistingProduct = Existing['products'][number];

/** The discount (basis points) that makes `price` sell at `sale` exactly, as the shop rounds. */
export function discountBpFor(price: number, sale: number): number {
  const exact = Math.round((1 - sale / price) * 10_000);
  for (let d = 0; d <= 100; d++) {
    for (const bp of [exact - d, exact + d]) {
      if (bp >= 0 && bp <= 10_000 && displayPriceCents(price, bp) === sale) return bp;
    }
  }
  return Math.min(10_000, Math.max(0, exact));
}

/** A variant's price and discount from the file, keeping the stored discount if it agrees. */
function pricing(v: PlannedVariant, current?: { priceCents: number; discountBp: number }) {
  if (v.compareAtCents === undefined) return { priceCents: v.priceCents, discountBp: 0 };
  const priceCents = v.compareAtCents;
  if (
    current &&
    current.priceCents === priceCents &&
    displayPriceCents(priceCents, current.discountBp) === v.priceCents
  ) {
    return { priceCents, discountBp: current.discountBp };
  }
  return { priceCents, discountBp: discountBpFor(priceCents, v.priceCents) };
}

async function loadExisting(tx: Tx, handles: string[], skus: string[]) {
  const found = await tx
    .select({
      id: products.id,
      handle: products.handle,
      sku: products.sku,
      title: products.title,
      description: products.description,
      brand: products.brand,
      category: categories.name,
      tags: products.tags,
      weightGrams: products.weightGrams,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.handle, handles));
  const ids = found.map((p) => p.id);
  await lockStock(tx, ids);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const options = ids.length
    ? await tx.select().from(productOptions).where(inArray(productOptions.productId, ids))
    : [];
  const variants = ids.length
    ? await tx
        .select()
        .from(productVariants)
        .where(and(inArray(productVariants.productId, ids), isNull(productVariants.archivedAt)))
        .orderBy(asc(productVariants.position), asc(productVariants.id))
    : [];
  const images = ids.length
    ? await tx
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position))
    : [];
  const owners = skus.length
    ? await tx
        .select({ sku: productVariants.sku, productId: productVariants.productId })
        .from(productVariants)
        .where(and(inArray(productVariants.sku, skus), isNull(productVariants.archivedAt)))
    : [];
  return {
    products: found,
    options,
    variants,
    images,
    skuOwner: new Map(owners.map((o) => [o.sku, o.productId])),
  };
}

/** Each Image Src as the shop's own picture (kept as it is) or an address to fetch. */
function imagesOf(product: PlannedProduct, origin: string, warnings: ImportIssue[]) {
  const own: string[] = [];
  const remote: { line: number; src: string }[] = [];
  for (const image of product.images) {
    let url: URL;
    try {
      url = new URL(image.src, origin);
    } catch {
      warnings.push({
        line: image.line,
        column: 'Image Src',
        message: 'Not a web address: left out.',
      });
      continue;
    }
    if (url.origin === new URL(origin).origin && OWN_IMAGE.test(url.pathname))
      own.push(url.pathname);
    else remote.push({ line: image.line, src: url.href });
  }
  return { own, remote };
}

interface ProductOutcome {
  /** failed: nothing of the product could be applied (its errors say why). */
  kind: 'created' | 'updated' | 'unchanged' | 'failed';
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Pictures to fetch: [product id, position, address, line]. */
  fetch: { productId: number; position: number; src: string; line: number }[];
}

async function createImported(
  tx: Tx,
  plan: PlannedProduct,
  own: string[],
  remote: { line: number; src: string }[],
): Promise<ProductOutcome> {
  const fields = plan.fields!;
  const first = plan.variants[0]!;
  const firstPrice = pricing(first);
  const single = plan.optionNames.length === 0;
  const [row] = await tx
    .insert(products)
    .values({
      title: fields.title,
      description: fields.description,
      brand: fields.brand,
      categoryId: await categoryIdOf(tx, fields.category),
      handle: plan.handle,
      sku: (single ? first.sku : undefined) ?? `new-${crypto.randomUUID()}`,
      ...firstPrice,
      stock: single ? first.stock : 0,
      tags: fields.tags,
      weightGrams: first.grams ?? 0,
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
  return {
    kind: 'created',
    errors: [],
    warnings: [],
    fetch: remote.map((r, i) => ({
      productId: id,
      position: own.length + i,
      src: r.src,
      line: r.line,
    })),
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

async function updateImported(
  tx: Tx,
  plan: PlannedProduct,
  current: ExistingProduct,
  existing: Existing,
  own: string[],
  remote: { line: number; src: string }[],
): Promise<ProductOutcome> {
  const outcome: ProductOutcome = { kind: 'unchanged', errors: [], warnings: [], fetch: [] };
  const options = existing.options
    .filter((o) => o.productId === current.id)
    .sort((a, b) => a.position - b.position);
  const names = options.map((o) => o.name);
  if (names.join('\u0000') !== plan.optionNames.join('\u0000')) {
    outcome.errors.push({
      line: plan.line,
      column: 'Option1 Name',
      message: `The product's options are ${names.join(', ') || 'none'} in the shop: change them in the back office, not by import.`,
    });
    return { ...outcome, kind: 'failed' };
  }
  const changed = () => (outcome.kind = 'updated');

  const f = plan.fields;
  if (f) {
    const patch: Partial<typeof products.$inferInsert> = {};
    if (f.title !== current.title) patch.title = f.title;
    if (f.description !== current.description) patch.description = f.description;
    if (f.brand !== current.brand) patch.brand = f.brand;
    if (!sameTags(f.tags, current.tags)) patch.tags = f.tags;
    if (f.category.toLowerCase() !== current.category.toLowerCase()) {
      patch.categoryId = await categoryIdOf(tx, f.category);
    }
    if (Object.keys(patch).length > 0) {
      await tx
        .update(products)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(products.id, current.id));
      changed();
    }
  }

  const variants = existing.variants.filter((v) => v.productId === current.id);
  const single = plan.optionNames.length === 0;
  const added: PlannedVariant[] = [];
  for (const planned of plan.variants) {
    const match =
      (planned.sku !== undefined ? variants.find((v) => v.sku === planned.sku) : undefined) ??
      variants.find(
        (v) => valuesOfRow(v, names.length).join('\u0000') === planned.values.join('\u0000'),
      );
    if (!match) {
      added.push(planned);
      continue;
    }
    const next: {
      priceCents?: number;
      discountBp?: number;
      stock?: number;
      sku?: string;
      weightGrams?: number;
      barcode?: string;
    } = {};
    const price = pricing(planned, match);
    if (price.priceCents !== match.priceCents) next.priceCents = price.priceCents;
    if (price.discountBp !== match.discountBp) next.discountBp = price.discountBp;
    if (planned.stock !== match.stock) next.stock = planned.stock;
    if (planned.sku !== undefined && planned.sku !== match.sku) next.sku = planned.sku;
    const weight = match.weightGrams ?? current.weightGrams;
    if (planned.grams !== undefined && planned.grams !== weight) next.weightGrams = planned.grams;
    if (planned.barcode !== undefined && planned.barcode !== match.barcode)
      next.barcode = planned.barcode;
    if (Object.keys(next).length === 0) continue;
    if (single) {
      // One fact in two rows: written on the product, its trigger writes the variant.
      const { weightGrams, barcode, ...onProduct } = next;
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
      if (barcode !== undefined) {
        await tx.update(productVariants).set({ barcode }).where(eq(productVariants.id, match.id));
      }
    } else {
      await tx.update(productVariants).set(next).where(eq(productVariants.id, match.id));
    }
    changed();
  }

  if (added.length > 0 && !single) {
    await appendOptionValues(
      tx,
      options,
      added.map((v) => v.values),
    );
    let position = Math.max(0, ...variants.map((v) => v.position)) + 1;
    await tx.insert(productVariants).values(
      added.map((v) => ({
        productId: current.id,
        position: position++,
        sku: v.sku ?? variantSkuOf(current.sku, v.values),
        ...optionColumns(names, v.values),
        ...pricing(v),
        stock: v.stock,
        barcode: v.barcode ?? null,
        weightGrams: v.grams ?? null,
      })),
    );
    changed();
  }

  // Pictures: the shop's own are kept by address, fetched ones by the address they came from.
  const images = existing.images.filter((i) => i.productId === current.id);
  const known = remote.filter((r) => images.some((i) => i.sourceUrl === r.src));
  const fresh = remote.filter((r) => !known.includes(r));
  const wanted =
    plan.images.length === 0
      ? images.map((i) => i.url)
      : [...own, ...known.map((r) => images.find((i) => i.sourceUrl === r.src)!.url)];
  const now = images.map((i) => i.url);
  if (wanted.length > 0 && wanted.join('\n') !== now.join('\n')) {
    const keep = new Map(images.map((i) => [i.url, i.sourceUrl]));
    await tx.delete(productImages).where(eq(productImages.productId, current.id));
    await tx.insert(productImages).values(
      wanted.map((url, position) => ({
        productId: current.id,
        position,
        url,
        sourceUrl: keep.get(url) ?? null,
      })),
    );
    await tx.update(products).set({ thumbnail: wanted[0]! }).where(eq(products.id, current.id));
    changed();
  }
  outcome.fetch = fresh.map((r, i) => ({
    productId: current.id,
    position: Math.max(wanted.length, now.length) + i,
    src: r.src,
    line: r.line,
  }));
  if (outcome.fetch.length > 0) changed();
  return outcome;
}

class DryRunRollback extends Error {}

/** Applies the plan a batch at a time; with `dryRun`, every batch is rolled back. */
export async function applyImport(
  db: Db,
  plan: PlannedProduct[],
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  const total: ApplyOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    warnings: [],
    imagesQueued: 0,
  };
  for (let start = 0; start < plan.length; start += BATCH) {
    const batch = plan.slice(start, start + BATCH);
    let outcomes: ProductOutcome[] = [];
    const run = async (tx: Tx) => {
      outcomes = [];
      const skus = batch.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
      const existing = await loadExisting(
        tx,
        batch.map((p) => p.handle),
        skus,
      );
      for (const product of batch) {
        const current = existing.products.find((p) => p.handle === product.handle);
        const warnings: ImportIssue[] = [];
        const { own, remote } = imagesOf(product, options.origin, warnings);
        // A SKU another product has: that row is left out.
        const errors: ImportIssue[] = [];
        const variants = product.variants.filter((v) => {
          const owner = v.sku ? existing.skuOwner.get(v.sku) : undefined;
          if (owner === undefined || owner === current?.id) return true;
          errors.push({
            line: v.line,
            column: 'Variant SKU',
            message: `Product ${owner} already has the SKU ${v.sku}.`,
          });
          return false;
        });
        if (variants.length === 0) {
          outcomes.push({ kind: 'failed', errors, warnings, fetch: [] });
          continue;
        }
        if (!current && !product.fields) {
          errors.push({
            line: product.line,
            column: 'Title',
            message: 'A new product needs a Title.',
          });
          outcomes.push({ kind: 'failed', errors, warnings, fetch: [] });
          continue;
        }
        const planned = { ...product, variants };
        try {
          const outcome = await tx.transaction((sp) =>
            current
              ? updateImported(sp, planned, current, existing, own, remote)
              : createImported(sp, planned, own, remote),
          );
          outcomes.push({
            ...outcome,
            errors: [...errors, ...outcome.errors],
            warnings: [...warnings, ...outcome.warnings],
          });
        } catch (err) {
          errors.push({
            line: product.line,
            column: null,
            message: `Not saved: ${(err as Error).message}`,
          });
          outcomes.push({ kind: 'failed', errors, warnings, fetch: [] });
        }
      }
      const fetch = outcomes.flatMap((o) => o.fetch);
      if (fetch.length > 0 && !options.dryRun) {
        await tx.insert(productImportImages).values(
          fetch.map((f) => ({
            importId: options.importId,
            productId: f.productId,
            position: f.position,
            sourceUrl: f.src,
            line: f.line,
          })),
        );
      }
      if (options.dryRun) throw new DryRunRollback();
    };
    try {
      await db.transaction(run);
    } catch (err) {
      if (!(err instanceof DryRunRollback)) throw err;
    }
    for (const o of outcomes) {
      if (o.kind !== 'failed') total[o.kind]++;
      total.errors.push(...o.errors);
      total.warnings.push(...o.warnings);
      total.imagesQueued += o.fetch.length;
    }
    await options.onProgress?.(Math.min(plan.length, start + BATCH));
  }
  return total;
}

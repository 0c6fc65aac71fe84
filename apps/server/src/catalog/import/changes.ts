// What applying one planned product would do to the shop, worked out from what the shop has
// (existing.ts) without writing anything: created, updated, unchanged or refused, with its errors
// and warnings, and for an update each write it needs. A dry run reports this as it is; an
// import then makes the writes (apply.ts).
import { displayPriceCents } from '@duka/domain';
import type { products } from '../schema.ts';
import { valuesOfRow } from '../variants.ts';
import type { Existing, ExistingProduct, ExistingVariant } from './existing.ts';
import type { ImportIssue, PlannedProduct, PlannedVariant } from './plan.ts';

const OWN_IMAGE = /^\/uploads\/[0-9a-f-]{36}\.webp$|^\/images\/products\/[A-Za-z0-9._-]+\.webp$/;

export interface RemoteImage {
  line: number;
  src: string;
}

/** A variant's columns an update changes. */
export interface VariantPatch {
  priceCents?: number;
  discountBp?: number;
  stock?: number;
  sku?: string;
  weightGrams?: number;
  barcode?: string;
}

export interface ProductUpdate {
  current: ExistingProduct;
  optionNames: string[];
  /** Options in position order, for new values to join. */
  options: { id: number; values: string[] }[];
  /** The product's own columns; a category by name, found or made when written. */
  patch: Partial<
    Pick<
      typeof products.$inferInsert,
      'title' | 'description' | 'titleSw' | 'descriptionSw' | 'brand' | 'tags'
    >
  >;
  category: string | undefined;
  variants: { id: number; patch: VariantPatch }[];
  /** New combinations of a product with options. */
  added: PlannedVariant[];
  /** Its variants' highest position now. */
  lastPosition: number;
  /** The pictures in their new order, when they change. */
  images: { url: string; sourceUrl: string | null }[] | undefined;
  /** Pictures to fetch, at their positions. */
  fetch: { position: number; src: string; line: number }[];
}

export type ProductChange = { errors: ImportIssue[]; warnings: ImportIssue[] } & (
  | { kind: 'created'; plan: PlannedProduct; own: string[]; remote: RemoteImage[] }
  | { kind: 'updated' | 'unchanged'; update: ProductUpdate }
  /** Nothing of the product can be applied (its errors say why). */
  | { kind: 'failed' }
);

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
export function pricing(v: PlannedVariant, current?: { priceCents: number; discountBp: number }) {
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

/** Each Image Src as the shop's own picture (kept as it is) or an address to fetch. */
function imagesOf(product: PlannedProduct, origin: string, warnings: ImportIssue[]) {
  const own: string[] = [];
  const remote: RemoteImage[] = [];
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

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

function variantPatchOf(
  planned: PlannedVariant,
  match: ExistingVariant,
  current: ExistingProduct,
): VariantPatch {
  const next: VariantPatch = {};
  const price = pricing(planned, match);
  if (price.priceCents !== match.priceCents) next.priceCents = price.priceCents;
  if (price.discountBp !== match.discountBp) next.discountBp = price.discountBp;
  if (planned.stock !== match.stock) next.stock = planned.stock;
  if (planned.sku !== undefined && planned.sku !== match.sku) next.sku = planned.sku;
  const weight = match.weightGrams ?? current.weightGrams;
  if (planned.grams !== undefined && planned.grams !== weight) next.weightGrams = planned.grams;
  if (planned.barcode !== undefined && planned.barcode !== match.barcode)
    next.barcode = planned.barcode;
  return next;
}

function updateOf(
  plan: PlannedProduct,
  current: ExistingProduct,
  existing: Existing,
  own: string[],
  remote: RemoteImage[],
): ProductChange {
  const options = [...(existing.options.get(current.id) ?? [])].sort(
    (a, b) => a.position - b.position,
  );
  const names = options.map((o) => o.name);
  if (names.join('\u0000') !== plan.optionNames.join('\u0000')) {
    const message = `The product's options are ${names.join(', ') || 'none'} in the shop: change them in the back office, not by import.`;
    return {
      kind: 'failed',
      errors: [{ line: plan.line, column: 'Option1 Name', message }],
      warnings: [],
    };
  }

  const patch: ProductUpdate['patch'] = {};
  let category: string | undefined;
  const f = plan.fields;
  if (f) {
    if (f.title !== current.title) patch.title = f.title;
    if (f.description !== current.description) patch.description = f.description;
    // A file without the Kiswahili columns leaves them as they are; an empty cell clears one.
    if (f.titleSw !== undefined && f.titleSw !== current.titleSw) patch.titleSw = f.titleSw;
    if (f.descriptionSw !== undefined && f.descriptionSw !== current.descriptionSw) {
      patch.descriptionSw = f.descriptionSw;
    }
    if (f.brand !== current.brand) patch.brand = f.brand;
    if (!sameTags(f.tags, current.tags)) patch.tags = f.tags;
    if (f.category.toLowerCase() !== current.category.toLowerCase()) category = f.category;
  }

  const variants = existing.variantsOf.get(current.id) ?? [];
  const single = plan.optionNames.length === 0;
  const added: PlannedVariant[] = [];
  const variantPatches: ProductUpdate['variants'] = [];
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
    const next = variantPatchOf(planned, match, current);
    if (Object.keys(next).length > 0) variantPatches.push({ id: match.id, patch: next });
  }

  // Pictures: the shop's own are kept by address, fetched ones by the address they came from.
  const images = existing.imagesOf.get(current.id) ?? [];
  const known = remote.filter((r) => images.some((i) => i.sourceUrl === r.src));
  const fresh = remote.filter((r) => !known.includes(r));
  const wanted =
    plan.images.length === 0
      ? images.map((i) => i.url)
      : [...own, ...known.map((r) => images.find((i) => i.sourceUrl === r.src)!.url)];
  const now = images.map((i) => i.url);
  const keep = new Map(images.map((i) => [i.url, i.sourceUrl]));
  const imagesChange =
    wanted.length > 0 && wanted.join('\n') !== now.join('\n')
      ? wanted.map((url) => ({ url, sourceUrl: keep.get(url) ?? null }))
      : undefined;

  const update: ProductUpdate = {
    current,
    optionNames: names,
    options,
    patch,
    category,
    variants: variantPatches,
    // A product without options has one variant: a row matching none of it is passed over.
    added: single ? [] : added,
    lastPosition: Math.max(0, ...variants.map((v) => v.position)),
    images: imagesChange,
    fetch: fresh.map((r, i) => ({
      position: Math.max(wanted.length, now.length) + i,
      src: r.src,
      line: r.line,
    })),
  };
  const changed =
    Object.keys(patch).length > 0 ||
    category !== undefined ||
    update.variants.length > 0 ||
    update.added.length > 0 ||
    update.images !== undefined ||
    update.fetch.length > 0;
  return { kind: changed ? 'updated' : 'unchanged', update, errors: [], warnings: [] };
}

/** What the product would do to the shop as `existing` shows it. */
export function changeOf(
  product: PlannedProduct,
  existing: Existing,
  origin: string,
): ProductChange {
  const current = existing.products.get(product.handle);
  const warnings: ImportIssue[] = [];
  const { own, remote } = imagesOf(product, origin, warnings);
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
  if (variants.length === 0) return { kind: 'failed', errors, warnings };
  if (!current && !product.fields) {
    errors.push({ line: product.line, column: 'Title', message: 'A new product needs a Title.' });
    return { kind: 'failed', errors, warnings };
  }
  const planned = { ...product, variants };
  if (!current) return { kind: 'created', plan: planned, own, remote, errors, warnings };
  const change = updateOf(planned, current, existing, own, remote);
  return {
    ...change,
    errors: [...errors, ...change.errors],
    warnings: [...warnings, ...change.warnings],
  };
}

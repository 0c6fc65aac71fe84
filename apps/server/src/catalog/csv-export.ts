// The catalogue as Shopify's product CSV (issue 21), the format merchants already have: one row
// per variant, the product's own fields on its first row, extra images on rows of their own.
// Streamed in batches of products by id, so a million products never sit in memory at once.
import { asc, eq, gt, inArray } from 'drizzle-orm';
import { displayPriceCents } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, productImages, productOptions, products, productVariants } from './schema.ts';
import { csvCell } from '../lib/csv.ts';

/**
 * A product's Kiswahili title and description (issue 37) as Shopify writes product metafields:
 * '<name> (product.metafields.<namespace>.<key>)', a one-line and a multi-line text. An import
 * knows them by the part in brackets (import/plan.ts), whatever name is before it.
 */
export const METAFIELD_COLUMNS = {
  titleSw: 'Kiswahili title (product.metafields.custom.title_sw)',
  descriptionSw: 'Kiswahili description (product.metafields.custom.description_sw)',
} as const;

export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  METAFIELD_COLUMNS.titleSw,
  METAFIELD_COLUMNS.descriptionSw,
  'Status',
] as const;

type Row = Partial<Record<(typeof SHOPIFY_COLUMNS)[number], string>>;

const line = (row: Row) => SHOPIFY_COLUMNS.map((c) => csvCell(row[c] ?? '')).join(',') + '\r\n';

const shillings = (cents: number) => (cents / 100).toFixed(2);

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const BATCH = 500;

async function batchAfter(db: Db, afterId: number) {
  const rows = await db
    .select({ product: products, type: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(BATCH);
  return rows;
}

async function detailsOf(db: Db, ids: number[]) {
  const [options, variants, images] = await Promise.all([
    db.select().from(productOptions).where(inArray(productOptions.productId, ids)),
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(
        asc(productVariants.productId),
        asc(productVariants.position),
        asc(productVariants.id),
      ),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
  ]);
  const group = <T extends { productId: number }>(rows: T[]) => {
    const by = new Map<number, T[]>();
    for (const r of rows) {
      const list = by.get(r.productId);
      if (list) list.push(r);
      else by.set(r.productId, [r]);
    }
    return by;
  };
  return {
    options: group(options),
    variants: group(variants.filter((v) => v.archivedAt === null)),
    images: group(images),
  };
}

/** Every product's rows, a batch of products at a time; the header first. */
export async function* shopifyCsv(db: Db, origin: string): AsyncGenerator<string> {
  yield line(Object.fromEntries(SHOPIFY_COLUMNS.map((c) => [c, c])));
  let after = 0;
  for (;;) {
    const batch = await batchAfter(db, after);
    if (batch.length === 0) return;
    after = batch.at(-1)!.product.id;
    const details = await detailsOf(
      db,
      batch.map((b) => b.product.id),
    );
    let chunk = '';
    for (const { product: p, type } of batch) {
      const options = (details.options.get(p.id) ?? []).sort((a, b) => a.position - b.position);
      const variants = details.variants.get(p.id) ?? [];
      const images = (details.images.get(p.id) ?? []).map((i) => new URL(i.url, origin).href);
      // Kept on the row (a trigger sets it from the title and id): what an import matches on.
      const handle = p.handle ?? `product-${p.id}`;
      const rows = Math.max(variants.length, images.length);
      for (let i = 0; i < rows; i++) {
        const v = variants[i];
        const row: Row = { Handle: handle };
        if (i === 0) {
          Object.assign(row, {
            Title: p.title,
            // Line breaks as <br>: in HTML a bare one is a space (and an import reads it so).
            'Body (HTML)': `<p>${escapeHtml(p.description).replaceAll('\n', '<br>')}</p>`,
            Vendor: p.brand,
            Type: type,
            Tags: p.tags.join(', '),
            Published: 'TRUE',
            [METAFIELD_COLUMNS.titleSw]: p.titleSw ?? '',
            [METAFIELD_COLUMNS.descriptionSw]: p.descriptionSw ?? '',
            Status: 'active',
          });
        }
        if (v) {
          // Shopify's way of saying 'no options': one option Title, value Default Title.
          const names = options.length > 0 ? options.map((o) => o.name) : ['Title'];
          const values = options.length > 0 ? [v.option1, v.option2, v.option3] : ['Default Title'];
          names.forEach((name, k) => {
            const n = k + 1;
            if (i === 0) row[`Option${n} Name` as keyof Row] = name;
            row[`Option${n} Value` as keyof Row] = values[k] ?? '';
          });
          const sale = displayPriceCents(v.priceCents, v.discountBp);
          Object.assign(row, {
            'Variant SKU': v.sku,
            'Variant Grams': String(v.weightGrams ?? p.weightGrams),
            'Variant Inventory Qty': String(v.stock),
            'Variant Price': shillings(sale),
            'Variant Compare At Price': sale < v.priceCents ? shillings(v.priceCents) : '',
            'Variant Barcode': v.barcode ?? '',
          });
        }
        if (images[i]) {
          row['Image Src'] = images[i];
          row['Image Position'] = String(i + 1);
        }
        chunk += line(row);
      }
    }
    yield chunk;
  }
}

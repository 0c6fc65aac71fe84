// Reading a Shopify product CSV into what the import will do (issue 21), without the database:
// rows grouped by Handle into products, each cell checked, each problem an error or a warning
// with its line and column. A row with an error is left out; the others go ahead. Written as
// steps, so that a large file is checked in slices (lib/time-slices.ts).
import { MAX_PRICE_CENTS, MAX_STOCK, productCreateSchema, type ProductCreate } from '@duka/domain';
import { readCsvRecords, type CsvRecord } from '../../lib/csv-records.ts';
import { runAtOnce, runInSlices, type Steps } from '../../lib/time-slices.ts';
import { safeTextFromHtml } from './safe-text.ts';

export interface ImportIssue {
  line: number;
  column: string | null;
  message: string;
}

export interface PlannedVariant {
  line: number;
  /** Its value of each option, in the options' order ([] for a product without options). */
  values: string[];
  sku: string | undefined;
  /** What shoppers pay, in cents. */
  priceCents: number;
  /** The price before a discount ('Compare At'), in cents, when above the price. */
  compareAtCents: number | undefined;
  stock: number;
  grams: number | undefined;
  barcode: string | undefined;
}

export interface PlannedFields {
  title: string;
  description: string;
  brand: string;
  category: string;
  tags: string[];
  /** The Kiswahili title and description (issue 37): null when empty, undefined with no column. */
  titleSw: string | null | undefined;
  descriptionSw: string | null | undefined;
}

export interface PlannedProduct {
  handle: string;
  /** The first line of the product: where a problem with the product itself is reported. */
  line: number;
  /** From its first row with a Title; an update file may give only variant rows. */
  fields: PlannedFields | undefined;
  /** The options' names, in order; none for Shopify's 'Title: Default Title'. */
  optionNames: string[];
  variants: PlannedVariant[];
  images: { line: number; src: string }[];
}

export interface ImportPlan {
  products: PlannedProduct[];
  rows: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** Pictures an import keeps per product (Shopify allows more; a product page shows about this many). */
export const MAX_IMPORTED_IMAGES = 10;
const MAX_DESCRIPTION = 5000;
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

type Cells = Record<string, string>;

/**
 * The product metafields an import reads (issue 37), by what Shopify puts in brackets in their
 * column's name: 'Kiswahili title (product.metafields.custom.title_sw)'. The name before the
 * brackets is the merchant's to choose, so it is not compared.
 */
const METAFIELDS = {
  titleSw: 'product.metafields.custom.title_sw',
  descriptionSw: 'product.metafields.custom.description_sw',
} as const;
type Metafield = keyof typeof METAFIELDS;
/** The file's column of each metafield it has. */
type MetafieldColumns = Partial<Record<Metafield, string>>;

function metafieldColumnsOf(columns: string[]): MetafieldColumns {
  const found: MetafieldColumns = {};
  for (const [field, path] of Object.entries(METAFIELDS) as [Metafield, string][]) {
    const column = columns.find((c) => c.toLowerCase().endsWith(`(${path})`));
    if (column) found[field] = column;
  }
  return found;
}

/**
 * A cell's text. A quote mark before a formula sign is how a spreadsheet-safe export (ours)
 * escapes it, so it is taken off again: '=SUM…' imports as =SUM…, as plain text.
 */
const cell = (cells: Cells, column: string) => {
  const text = (cells[column] ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
};

function centsOf(text: string): number | string {
  if (text.startsWith('-')) return 'A price cannot be negative.';
  const plain = text.replaceAll(',', '');
  if (!MONEY.test(plain)) return 'Enter an amount in shillings, like 1499.00.';
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Reads one variant row; an error leaves the row out. */
function variantOf(
  line: number,
  cells: Cells,
  optionNames: string[],
  errors: ImportIssue[],
  warnings: ImportIssue[],
): PlannedVariant | undefined {
  const fail = (column: string, message: string) => {
    errors.push({ line, column, message });
    return undefined;
  };
  const values = optionNames.map((_, i) => cell(cells, `Option${i + 1} Value`));
  const missing = values.findIndex((v) => v === '');
  if (missing >= 0) {
    return fail(
      `Option${missing + 1} Value`,
      `This product's options are ${optionNames.join(', ')}: give a value of each.`,
    );
  }
  for (let i = optionNames.length; i < 3; i++) {
    const extra = cell(cells, `Option${i + 1} Value`);
    if (extra && !(optionNames.length === 0 && i === 0 && extra === 'Default Title')) {
      return fail(
        `Option${i + 1} Value`,
        optionNames.length === 0
          ? `The product has no options, so a value '${extra}' matches no combination.`
          : `The product has ${optionNames.length} option(s), so a value '${extra}' matches no combination.`,
      );
    }
  }
  const price = centsOf(cell(cells, 'Variant Price'));
  if (typeof price === 'string') return fail('Variant Price', price);
  if (price < 1) return fail('Variant Price', 'A price must be more than Ksh 0.');
  if (price > MAX_PRICE_CENTS) return fail('Variant Price', 'A price is at most Ksh 20,000,000.');
  const compareText = cell(cells, 'Variant Compare At Price');
  let compareAtCents: number | undefined;
  if (compareText) {
    const compare = centsOf(compareText);
    if (typeof compare === 'string') return fail('Variant Compare At Price', compare);
    if (compare > price) compareAtCents = compare;
  }
  const qtyText = cell(cells, 'Variant Inventory Qty');
  let stock = 0;
  if (qtyText) {
    if (!/^-?\d+$/.test(qtyText)) {
      return fail('Variant Inventory Qty', 'Enter the stock as a whole number.');
    }
    stock = Number(qtyText);
    if (stock > MAX_STOCK) return fail('Variant Inventory Qty', 'The stock is at most 10,000,000.');
    if (stock < 0) {
      warnings.push({
        line,
        column: 'Variant Inventory Qty',
        message: 'Stock cannot be below 0 here: imported as 0.',
      });
      stock = 0;
    }
  }
  const gramsText = cell(cells, 'Variant Grams');
  let grams: number | undefined;
  if (gramsText) {
    const n = Number(gramsText);
    if (!Number.isFinite(n) || n < 0) {
      return fail('Variant Grams', 'Enter the weight in grams, 0 or more.');
    }
    grams = Math.round(n);
  }
  const sku = cell(cells, 'Variant SKU');
  if (sku.length > 60) return fail('Variant SKU', 'A SKU is at most 60 characters.');
  const barcode = cell(cells, 'Variant Barcode');
  if (barcode.length > 60) return fail('Variant Barcode', 'A barcode is at most 60 characters.');
  const tooLong = values.findIndex((v) => v.length > 40);
  if (tooLong >= 0) {
    return fail(`Option${tooLong + 1} Value`, 'An option value is at most 40 characters.');
  }
  return {
    line,
    values,
    sku: sku || undefined,
    priceCents: price,
    compareAtCents,
    stock,
    grams,
    barcode: barcode || undefined,
  };
}

/** A description cut to MAX_DESCRIPTION at a space, with a warning at its cell. */
function cutDescription(text: string, line: number, column: string, warnings: ImportIssue[]) {
  if (text.length <= MAX_DESCRIPTION) return text;
  const cut = text.slice(0, MAX_DESCRIPTION);
  warnings.push({
    line,
    column,
    message: `The description was cut to ${MAX_DESCRIPTION.toLocaleString('en')} characters.`,
  });
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_DESCRIPTION - 200)).trim();
}

function fieldsOf(
  line: number,
  cells: Cells,
  metafields: MetafieldColumns,
  warnings: ImportIssue[],
): PlannedFields {
  const title = cell(cells, 'Title');
  const description = cutDescription(
    safeTextFromHtml(cells['Body (HTML)'] ?? ''),
    line,
    'Body (HTML)',
    warnings,
  );
  // Metafields are plain text (a multi-line one keeps its line breaks), not HTML.
  const metafield = (field: Metafield) => {
    const column = metafields[field];
    return column === undefined ? undefined : cell(cells, column).replaceAll('\r\n', '\n') || null;
  };
  const swDescription = metafield('descriptionSw');
  const productCategory = cell(cells, 'Product Category').split('>').at(-1)?.trim() ?? '';
  let category = cell(cells, 'Type') || productCategory;
  if (!category) {
    category = 'Other';
    warnings.push({ line, column: 'Type', message: "No Type: the product goes in 'Other'." });
  }
  const allTags = cell(cells, 'Tags')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const tags = [...new Set(allTags.filter((t) => t.length <= 40))].slice(0, 20);
  if (tags.length < allTags.length) {
    warnings.push({
      line,
      column: 'Tags',
      message: 'Only 20 tags of up to 40 characters each are kept.',
    });
  }
  return {
    title,
    // Shopify allows an empty body; a Duka product shows its title then.
    description: description || title,
    brand: cell(cells, 'Vendor'),
    category,
    tags,
    titleSw: metafield('titleSw'),
    descriptionSw: swDescription
      ? cutDescription(swDescription, line, metafields.descriptionSw!, warnings)
      : swDescription,
  };
}

const COLUMN_OF_FIELD: Record<string, string> = {
  title: 'Title',
  brand: 'Vendor',
  description: 'Body (HTML)',
  category: 'Type',
  tags: 'Tags',
  options: 'Option1 Name',
};
const COLUMN_OF_VARIANT_FIELD: Record<string, string> = {
  sku: 'Variant SKU',
  price: 'Variant Price',
  discountPercentage: 'Variant Compare At Price',
  stock: 'Variant Inventory Qty',
  weight: 'Variant Grams',
  barcode: 'Variant Barcode',
  options: 'Option1 Value',
};

/**
 * The product as the shared creation schema sees it, so an import is held to the rules the
 * back office's form is (lengths, ranges, options and variants agreeing). Issues at their cells.
 */
function checkWithSchema(
  product: PlannedProduct,
  metafields: MetafieldColumns,
  errors: ImportIssue[],
): boolean {
  const { titleSw, descriptionSw, ...fields } = product.fields!;
  const first = product.variants[0]!;
  const columnOf: Record<string, string | undefined> = {
    ...COLUMN_OF_FIELD,
    title_sw: metafields.titleSw,
    description_sw: metafields.descriptionSw,
  };
  const input: ProductCreate = {
    ...fields,
    title_sw: titleSw,
    description_sw: descriptionSw,
    price: first.compareAtCents ?? first.priceCents,
    images: ['/images/products/import.webp'],
    options: product.optionNames.map((name, i) => ({
      name,
      values: [...new Set(product.variants.map((v) => v.values[i]!))],
    })),
    ...(product.optionNames.length > 0
      ? {
          variants: product.variants.map((v) => ({
            options: Object.fromEntries(product.optionNames.map((n, i) => [n, v.values[i]!])),
            ...(v.sku ? { sku: v.sku } : {}),
            price: v.compareAtCents ?? v.priceCents,
            stock: v.stock,
            ...(v.barcode ? { barcode: v.barcode } : {}),
            ...(v.grams !== undefined ? { weight: v.grams } : {}),
          })),
        }
      : {}),
  };
  const result = productCreateSchema.safeParse(input);
  if (result.success) return true;
  for (const issue of result.error.issues) {
    const [head, index, field] = issue.path as (string | number)[];
    if (head === 'variants' && typeof index === 'number') {
      const variant = product.variants[index]!;
      errors.push({
        line: variant.line,
        column: COLUMN_OF_VARIANT_FIELD[String(field)] ?? null,
        message: issue.message,
      });
    } else {
      errors.push({
        line: head === 'price' ? first.line : product.line,
        column: head === 'price' ? 'Variant Price' : (columnOf[String(head)] ?? null),
        message: issue.message,
      });
    }
  }
  return false;
}

/** The import's plan: products to create or update, and every problem found in the file. */
export function planImport(input: Buffer): ImportPlan {
  return runAtOnce(planSteps(input));
}

/** The same plan, worked out in slices that leave the event loop free between them. */
export function planImportInSlices(input: Buffer): Promise<ImportPlan> {
  return runInSlices(planSteps(input));
}

const READ_OPTIONS = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  // One cell of 5 MB is read (and refused later, with its line), never a reason for a 5xx.
  max_record_size: 64 * 1024 * 1024,
};

function* planSteps(input: Buffer): Steps<ImportPlan> {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  let records: CsvRecord[];
  try {
    records = yield* readCsvRecords(input, READ_OPTIONS);
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    return {
      products: [],
      rows: 0,
      errors: [
        { line: e.lines ?? 1, column: null, message: `The file is not valid CSV: ${e.message}` },
      ],
      warnings,
    };
  }
  const [header, ...rows] = records;
  if (header?.refused) {
    const { index, what } = header.refused;
    return {
      products: [],
      rows: rows.length,
      errors: [
        { line: header.line, column: null, message: `Column ${index + 1} contains ${what}.` },
      ],
      warnings,
    };
  }
  const columns = (header?.cells ?? []).map((c) => c.trim());
  const metafields = metafieldColumnsOf(columns);
  if (!columns.includes('Handle')) {
    return {
      products: [],
      rows: rows.length,
      errors: [
        {
          line: 1,
          column: 'Handle',
          message: "The file has no Handle column: is it Shopify's product CSV?",
        },
      ],
      warnings,
    };
  }

  // Rows by Handle, in the order the handles first appear.
  const groups = new Map<string, { line: number; cells: Cells }[]>();
  for (const row of rows) {
    yield;
    if (row.refused) {
      const { index, what } = row.refused;
      errors.push({ line: row.line, column: columns[index] || null, message: `Contains ${what}.` });
      continue;
    }
    const cells: Cells = {};
    columns.forEach((name, i) => (cells[name] = row.cells[i] ?? ''));
    const handle = cell(cells, 'Handle');
    if (!handle) {
      errors.push({ line: row.line, column: 'Handle', message: 'Every row needs a Handle.' });
      continue;
    }
    if (handle.length > 255) {
      errors.push({
        line: row.line,
        column: 'Handle',
        message: 'A Handle is at most 255 characters.',
      });
      continue;
    }
    const group = groups.get(handle);
    if (group) group.push({ line: row.line, cells });
    else groups.set(handle, [{ line: row.line, cells }]);
  }

  const products: PlannedProduct[] = [];
  const skuLines = new Map<string, { line: number; handle: string }>();
  for (const [handle, group] of groups) {
    yield;
    const errorsBefore = errors.length;
    const titled = group.find((r) => cell(r.cells, 'Title'));
    const status = titled ? cell(titled.cells, 'Status').toLowerCase() : '';
    if (status === 'draft' || status === 'archived') {
      warnings.push({
        line: titled!.line,
        column: 'Status',
        message: `Left out: the product is ${status} in the file, and every Duka product is on sale.`,
      });
      continue;
    }
    const named = group.find((r) => cell(r.cells, 'Option1 Name'));
    const names = named
      ? [1, 2, 3].map((n) => cell(named.cells, `Option${n} Name`)).filter(Boolean)
      : [];
    const optionNames =
      names.length === 1 &&
      names[0] === 'Title' &&
      cell(named!.cells, 'Option1 Value') === 'Default Title'
        ? []
        : names;
    const product: PlannedProduct = {
      handle,
      line: group[0]!.line,
      fields: titled ? fieldsOf(titled.line, titled.cells, metafields, warnings) : undefined,
      optionNames,
      variants: [],
      images: [],
    };
    const combinations = new Map<string, number>();
    for (const { line, cells } of group) {
      yield; // one product may have many rows
      const src = cell(cells, 'Image Src') || cell(cells, 'Variant Image');
      if (src && !product.images.some((i) => i.src === src)) {
        if (product.images.length < MAX_IMPORTED_IMAGES) product.images.push({ line, src });
        else {
          warnings.push({
            line,
            column: 'Image Src',
            message: `A product keeps at most ${MAX_IMPORTED_IMAGES} images: this one was left out.`,
          });
        }
      }
      const hasVariant = [
        'Option1 Value',
        'Variant SKU',
        'Variant Price',
        'Variant Inventory Qty',
      ].some((c) => cell(cells, c));
      if (!hasVariant) continue;
      const variant = variantOf(line, cells, optionNames, errors, warnings);
      if (!variant) continue;
      const combination = variant.values.join(' / ');
      const twin = combinations.get(combination);
      if (twin !== undefined) {
        errors.push({
          line,
          column: 'Option1 Value',
          message: `Line ${twin} already has ${combination || 'this product'}: each combination once.`,
        });
        continue;
      }
      if (variant.sku) {
        const before = skuLines.get(variant.sku);
        if (before) {
          errors.push({
            line,
            column: 'Variant SKU',
            message: `The SKU ${variant.sku} is also on line ${before.line}${before.handle === handle ? '' : ` (${before.handle})`}: a SKU names one variant.`,
          });
          continue;
        }
        skuLines.set(variant.sku, { line, handle });
      }
      combinations.set(combination, line);
      product.variants.push(variant);
    }
    if (product.variants.length === 0) {
      // Only this product's rows have added errors since: none means no row said why.
      if (errors.length === errorsBefore) {
        errors.push({
          line: product.line,
          column: 'Variant Price',
          message: 'The product has no variant row with a price.',
        });
      }
      continue;
    }
    if (product.fields && !checkWithSchema(product, metafields, errors)) continue;
    products.push(product);
  }
  errors.sort((a, b) => a.line - b.line);
  warnings.sort((a, b) => a.line - b.line);
  return { products, rows: rows.length, errors, warnings };
}

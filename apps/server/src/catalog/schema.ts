// The catalogue's tables: categories, products and their options, variants, images and reviews,
// the counters and memos the listings and search read, and the CSV imports.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { users } from '../auth/schema.ts';

/** PostgreSQL's full-text document type; only the database reads it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** KRA's item classification for the category's products that have none of their own. */
  itemClassCode: text('item_class_code'),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The merchant's Kiswahili title and description (issue 37), shown on /sw/ when present. */
    titleSw: text('title_sw'),
    descriptionSw: text('description_sw'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brand: text('brand').notNull(),
    sku: text('sku').notNull(),
    /**
     * The product's handle in Shopify's CSV (`kikoy-dress-12`): what an import matches rows on.
     * Set by a trigger from the title and id unless given (an imported product keeps its own).
     */
    handle: text('handle'),
    priceCents: integer('price_cents').notNull(),
    discountBp: integer('discount_bp').notNull().default(0),
    /** The price shoppers pay: SPEC §9's display price, kept by the database for sorting. */
    salePriceCents: integer('sale_price_cents')
      .notNull()
      .generatedAlwaysAs(
        sql`(round(price_cents::numeric * (10000 - discount_bp) / 1000000) * 100)::integer`,
      ),
    /** Units that can still be sold: reservations by unpaid orders are already taken off. */
    stock: integer('stock').notNull().default(0),
    /** KRA's tax type, A–E (issue 23): B, VAT 16 %, unless the merchant says otherwise. */
    taxType: text('tax_type').notNull().default('B'),
    /** KRA's item classification; the category's, then the configured default, when null. */
    itemClassCode: text('item_class_code'),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    thumbnail: text('thumbnail').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weightGrams: integer('weight_grams').notNull().default(0),
    widthMm: doublePrecision('width_mm').notNull().default(0),
    heightMm: doublePrecision('height_mm').notNull().default(0),
    depthMm: doublePrecision('depth_mm').notNull().default(0),
    /** '' until the merchant writes one (decision record 026): the shop page then says nothing. */
    warrantyInformation: text('warranty_information').notNull().default(''),
    shippingInformation: text('shipping_information').notNull().default(''),
    /** '': the shop's return window applies (its settings). */
    returnPolicy: text('return_policy').notNull().default(''),
    /**
     * The option values some variant in stock has ('Size=42'): the option filters' first test,
     * on the row the listing reads anyway. Kept by the variants' triggers (stock/triggers.sql).
     */
    optionKeys: text('option_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The title as search compares it: accents removed, lower case (duka_search_text, defined
     * with the unaccent extension in migration catalogue_counts_and_search). Kept by the
     * database, never written.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`duka_search_text(title)`),
    /** The title's words for ranking: whole words and prefixes ('simple': no stemming). */
    searchWords: tsvector('search_words')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, duka_search_text(title))`),
  },
  (t) => [
    check('products_tax_type', sql`${t.taxType} in ('A', 'B', 'C', 'D', 'E')`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_discount_check', sql`${t.discountBp} between 0 and 10000`),
    check('products_stock_check', sql`${t.stock} >= 0`),
    index('products_option_keys_idx').using('gin', t.optionKeys),
    uniqueIndex('products_handle_idx').on(t.handle),
    // Each searched word is a substring (LIKE '%w%') of search_text: trigrams find them fast.
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Ranking: all words as whole words or prefixes of the title's words.
    index('products_search_words_idx').using('gin', t.searchWords),
    // Ranking: the exact title first. A hash index: equality only, any title length.
    index('products_search_exact_idx').using('hash', t.searchText),
    index('products_category_idx').on(t.categoryId, t.id),
    // A category listing sorted by price, newest or name stays an index walk at any size.
    index('products_category_price_idx').on(t.categoryId, t.salePriceCents, t.id),
    index('products_category_created_idx').on(t.categoryId, t.createdAt, t.id),
    index('products_category_title_idx').on(t.categoryId, sql`lower(${t.title}) collate "C"`, t.id),
    index('products_brand_idx').on(t.brand, t.id),
    index('products_sale_price_idx').on(t.salePriceCents, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_rating_idx').on(t.rating, t.id),
    index('products_stock_idx').on(t.stock, t.id),
    // Title order is byte order of the lower-cased title, the same on every server's locale.
    index('products_title_idx').on(sql`lower(${t.title}) collate "C"`, t.id),
  ],
);

/**
 * How many products each (category, brand) pair has: category pages, brand pages and facets read
 * these instead of counting products. Kept exact by triggers on products (migration catalogue_counts_and_search), in the
 * same transaction as every insert, delete or change of category or brand, whoever writes.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.brand] }),
    index('product_counts_brand_idx').on(t.brand),
  ],
);

/**
 * One row, bumped (by a trigger, migration catalogue_counts_and_search) whenever products are deleted or change title,
 * category or brand: the only changes that can make a text search find fewer products.
 */
export const catalogGeneration = pgTable('catalog_generation', {
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * Searches known to match more than 1,000 products (the most a count reads), as of a catalogue
 * generation: such a search skips counting while the generation stands. Words are the search's
 * normalised words, sorted; category and brand are '' when not filtered. UNLOGGED (migration
 * catalogue_counts_and_search): it is only a memo, rebuilt by searching.
 */
export const denseSearches = pgTable(
  'dense_searches',
  {
    words: text('words').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.words, t.category, t.brand] })],
);

/**
 * The search's synonyms as the admin last saved them (catalog/query/synonyms.ts): one row, or
 * none while the built-in list applies. `version` goes up with every save, so each instance
 * notices a change within a second without a restart.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: integer('id').primaryKey().default(1),
    entries: jsonb('entries').$type<{ term: string; words: string[] }[]>().notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('search_synonyms_one_row', sql`${t.id} = 1`)],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    /** Where an imported image was fetched from: the same address imported again is not new. */
    sourceUrl: text('source_url'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/**
 * A catalogue import from a Shopify product CSV (issue 21): its progress while it runs (the back
 * office polls it) and its outcome, kept so the images fetched afterwards can add warnings.
 */
export const productImports = pgTable('product_imports', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull(),
  dryRun: boolean('dry_run').notNull(),
  /** running, done or failed. */
  status: text('status').notNull().default('running'),
  totalRows: integer('total_rows').notNull().default(0),
  processedRows: integer('processed_rows').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  errors: jsonb('errors')
    .$type<{ line: number; column: string | null; message: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  warnings: jsonb('warnings')
    .$type<{ line: number | null; column: string | null; message: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** How many errors and warnings the file had; the lists keep the first of them (by line). */
  errorCount: integer('error_count').notNull().default(0),
  warningCount: integer('warning_count').notNull().default(0),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** An image an import named by address: fetched in the background, once, by one instance. */
export const productImportImages = pgTable(
  'product_import_images',
  {
    id: serial('id').primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sourceUrl: text('source_url').notNull(),
    /** The CSV line that named it, for the warning if it cannot be fetched. */
    line: integer('line').notNull(),
    /** pending, done or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_import_images_pending_idx').on(t.status, t.id)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name').notNull(),
    reviewerEmail: text('reviewer_email').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    /** Written by a shopper with a paid order containing the product. */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    /** Hidden by an administrator: no longer shown nor counted in the product's rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    // One review per shopper and product; concurrent second reviews fail here.
    uniqueIndex('reviews_product_user_idx')
      .on(t.productId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

/**
 * A product's options (issue 21): up to three, e.g. Size then Colour, each with its values in the
 * order the product page shows them. A product without options has none.
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3: which of a variant's option1–option3 holds this option's value. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    values: text('values').array().notNull(),
  },
  (t) => [
    uniqueIndex('product_options_product_position_idx').on(t.productId, t.position),
    check('product_options_position_check', sql`${t.position} between 1 and 3`),
  ],
);

/**
 * What is sold and stocked (issue 21): one row per combination of option values on sale, exactly
 * one for a product without options. Stock is held, reserved and released here, by stock/ alone.
 * The product row keeps aggregates for listings (stock = the sum, price and discount = the
 * cheapest variant's), written by triggers (stock/triggers.sql) in the transaction that changes a
 * variant; a one-variant product's price, discount, stock and SKU are one fact the triggers keep
 * in both rows, so the specification's PATCH of a product still works. Lock order: the product
 * row, then its variants (stock/lock.ts).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    sku: text('sku').notNull(),
    /** The option values joined, '42 / Black'; '' for a product without options. */
    title: text('title').notNull().default(''),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    priceCents: integer('price_cents').notNull(),
    discountBp: integer('discount_bp').notNull().default(0),
    salePriceCents: integer('sale_price_cents')
      .notNull()
      .generatedAlwaysAs(
        sql`(round(price_cents::numeric * (10000 - discount_bp) / 1000000) * 100)::integer`,
      ),
    stock: integer('stock').notNull().default(0),
    barcode: text('barcode'),
    weightGrams: integer('weight_grams'),
    image: text('image'),
    /**
     * Its option values as 'Name=Value' (['Size=42', 'Colour=Black']), for the listings' option
     * filters (a GIN index) and the facet counters (migration 0017_option_facets).
     */
    optionKeys: text('option_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A variant with orders is archived, never deleted: its order lines still point at it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    // The low-stock list: the fewest first.
    index('product_variants_low_stock_idx')
      .on(t.stock, t.id)
      .where(sql`${t.archivedAt} is null`),
    uniqueIndex('product_variants_sku_idx')
      .on(t.sku)
      .where(sql`${t.archivedAt} is null`),
    check('product_variants_price_check', sql`${t.priceCents} >= 0`),
    check('product_variants_discount_check', sql`${t.discountBp} between 0 and 10000`),
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
  ],
);

/**
 * Per product and option value ('Size=42'), how many of its variants on sale are in stock: the
 * step between a variant's stock and the facet counters below. Kept by triggers
 * (stock/triggers.sql).
 */
export const productOptionStock = pgTable(
  'product_option_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    inStock: integer('in_stock').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.key] })],
);

/**
 * The option facets (issue 21): per category and option value, how many products have a variant
 * in stock with it. Kept exact by triggers (stock/triggers.sql), so a facet is never counted per
 * request.
 */
export const optionValueCounts = pgTable(
  'option_value_counts',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.key] })],
);

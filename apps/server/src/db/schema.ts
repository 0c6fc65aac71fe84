// The whole database schema. Money is integer cents; discounts are basis points (1 % = 100).
// drizzle-kit generates the migrations in ../../drizzle from this file.
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@duka/domain/orders/lifecycle';
import { ROLES, type Role } from '@duka/domain/staff/permissions';
import type { InvoiceReceipt, InvoiceSource } from '@duka/domain/tax/invoice-source';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = (name = 'created_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- catalogue

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
     * on the row the listing reads anyway. Kept by the variants' triggers (migration 0018).
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

// ---------------------------------------------------------------- people

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored trimmed and in lower case. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The staff role (decision record 021); null for a shopper. */
    role: text('role').$type<Role>(),
    /** Kept for the specification's API (`is_admin`): anyone with a role is staff. */
    isAdmin: boolean('is_admin')
      .notNull()
      .generatedAlwaysAs(sql`role is not null`),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** When the person agreed to marketing e-mails (unticked by default); null: no consent. */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    /** Set when the account was erased: its personal fields are anonymised, its orders kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Two-step sign-in (RFC 6238): the base32 secret, set up first, then enabled by a code. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    index('users_created_idx').on(t.createdAt),
    index('users_role_idx')
      .on(t.role)
      .where(sql`role is not null`),
    check('users_role_check', sql`role in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
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

/** A log-in. Access tokens name their session, so revoking it ends them too. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; each is good for one use (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A link to reset a password: only its SHA-256 hash is kept; it works once, for 60 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
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
 * one for a product without options. Stock is held, reserved and released here. The product row
 * keeps aggregates for listings (stock = the sum, price and discount = the cheapest variant's),
 * written by triggers (migration 0015_variants) in the transaction that changes a variant; a
 * one-variant product's price, discount, stock and SKU are one fact the triggers keep in both
 * rows, so the specification's PATCH of a product still works. Lock order: the product row,
 * then its variants (catalog/stock.ts).
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
 * step between a variant's stock and the facet counters below. Kept by triggers.
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
 * in stock with it. Kept exact by triggers, so a facet is never counted per request.
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

// ---------------------------------------------------------------- cart and wishlist

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size and colour in the cart: the same product in two sizes is two lines. */
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_variant_idx').on(t.userId, t.variantId),
    index('cart_items_user_product_idx').on(t.userId, t.productId),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size or colour wished for, when the shopper chose one. */
    variantId: integer('variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId)],
);

// ---------------------------------------------------------------- delivery (issue 22)

/**
 * What the merchant set for a county. A county without a row costs the specification's flat fee
 * and takes the delivery page's 3–5 days (delivery/counties.ts); counties themselves are built in.
 */
export const deliveryCounties = pgTable(
  'delivery_counties',
  {
    code: text('code').primaryKey(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    etaMinDays: integer('eta_min_days').notNull(),
    etaMaxDays: integer('eta_max_days').notNull(),
    payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
    /** The largest order total paid on delivery; null for no limit. */
    payOnDeliveryMaxCents: bigint('pay_on_delivery_max_cents', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'delivery_counties_days',
      sql`${t.etaMinDays} >= 0 and ${t.etaMinDays} <= ${t.etaMaxDays}`,
    ),
    check('delivery_counties_fee', sql`${t.feeCents} >= 0`),
  ],
);

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    countyCode: text('county_code').notNull(),
    address: text('address').notNull(),
    openingHours: text('opening_hours').notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pickup_points_county_idx').on(t.countyCode, t.active)],
);

/** A shopper's saved delivery addresses (issue 22); at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    streetAddress: text('street_address').notNull(),
    apartmentNumber: text('apartment_number'),
    city: text('city').notNull(),
    zipCode: text('zip_code'),
    countyCode: text('county_code'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------- checkout, orders, payments

/** What the shopper typed in checkout steps 1 and 2, kept until the order is created. */
export const checkoutDetails = pgTable('checkout_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name'),
  streetAddress: text('street_address'),
  apartmentNumber: text('apartment_number'),
  city: text('city'),
  zipCode: text('zip_code'),
  email: text('email'),
  countyCode: text('county_code'),
  phone: text('phone'),
  delivery: text('delivery').notNull().default('home'),
  pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, {
    onDelete: 'set null',
  }),
  /** For a business's tax invoice: its KRA PIN and name (checkout step 2). */
  kraPin: text('kra_pin'),
  businessName: text('business_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: orderStatus('status').notNull().default('pending_payment'),
    itemCount: integer('item_count').notNull(),
    itemsCents: bigint('items_cents', { mode: 'number' }).notNull(),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    shippingName: text('shipping_name').notNull(),
    streetAddress: text('street_address').notNull(),
    apartmentNumber: text('apartment_number'),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    email: text('email').notNull(),
    paymentMethod: text('payment_method').notNull(),
    // ------------------------------------------------ delivery as chosen at checkout (issue 22)
    countyCode: text('county_code'),
    phone: text('phone'),
    /** 'home' or 'pickup'. */
    delivery: text('delivery').notNull().default('home'),
    /** An exchange's replacement order: the order whose return it replaces (record 029). */
    exchangeForOrderId: integer('exchange_for_order_id').references((): AnyPgColumn => orders.id),
    pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, {
      onDelete: 'set null',
    }),
    /** The point as it was when the order was made: name, address and opening hours. */
    pickupPoint: jsonb('pickup_point').$type<{
      name: string;
      address: string;
      openingHours: string;
    }>(),
    /** Working days to deliver after processing, as promised at checkout. */
    etaMinDays: integer('eta_min_days').notNull().default(3),
    etaMaxDays: integer('eta_max_days').notNull().default(5),
    /** Its prices included VAT (PRICES_INCLUDE_VAT when it was made). */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    /** A business buyer's KRA PIN and name, for its tax invoice (checkout step 2). */
    buyerPin: text('buyer_pin'),
    buyerName: text('buyer_name'),
    /** Given when it is shipped. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unpaid order gives its stock back after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.expiresAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    title: text('title').notNull(),
    /** The variant sold (issue 21); its stock is what a cancellation gives back. */
    variantId: integer('variant_id').references(() => productVariants.id),
    /** The variant's title as sold, '42 / Black'; '' for a product without options. */
    variantTitle: text('variant_title').notNull().default(''),
    /** The SKU as sold, for packing; null on orders made before it was kept. */
    sku: text('sku'),
    /** The tax type it was sold under (issue 23). */
    taxType: text('tax_type').notNull().default('B'),
    image: text('image').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * Every status an order took, when, and who moved it (an admin; null for the shop itself): the
 * timeline of the admin's and the shopper's order pages. Written with the change, never edited.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The courier and tracking number of a shipment, how money was collected… */
    note: text('note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

// ---------------------------------------------------------------- tax invoices (issue 23)

/**
 * The last invoice number of each eTIMS branch. Incremented in the transaction that makes the
 * invoice, so a transaction that rolls back takes its number back: numbers have no gaps and
 * are never used twice, whichever instance pays the order.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  branch: text('branch').primaryKey(),
  lastNo: integer('last_no').notNull(),
});

/** An invoice (S) or credit note (R) to send to KRA's eTIMS; one sale invoice per order. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** 'S' a sale, 'R' a credit note. */
    kind: text('kind').notNull(),
    branch: text('branch').notNull(),
    invoiceNo: integer('invoice_no').notNull(),
    /** A credit note's original invoice number. */
    originalNo: integer('original_no'),
    /** The refund a credit note is for (null: a whole-order credit note made before issue 34). */
    refundId: integer('refund_id').references((): AnyPgColumn => refunds.id),
    /** pending → sent, or failed with KRA's message. */
    status: text('status').notNull().default('pending'),
    /** What the invoice says, frozen when it is made: lines, totals by tax type, customer. */
    source: jsonb('source').$type<InvoiceSource>(),
    /** The sender's queue: when to try next, and who is trying now (a lease). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Why the last attempt did not get through (an outage) or KRA's refusal. */
    lastError: text('last_error'),
    resultCd: text('result_cd'),
    resultMsg: text('result_msg'),
    /** Exactly what was sent (every retry sends it again) and what KRA answered. */
    request: jsonb('request'),
    answer: text('answer'),
    /** The control unit's signature and numbers, once sent. */
    receipt: jsonb('receipt').$type<InvoiceReceipt>(),
    /** Signed by the built-in sandbox: not a tax invoice. */
    sandbox: boolean('sandbox'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.branch, t.invoiceNo),
    uniqueIndex('invoices_one_sale_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'S'`),
    // A refund's credit note is made once, however often its confirmation is applied.
    uniqueIndex('invoices_one_per_refund_idx').on(t.refundId),
    index('invoices_status_idx').on(t.status, t.nextAttemptAt),
    index('invoices_order_idx').on(t.orderId),
  ],
);

/** The eTIMS device of each branch, initialised once: its communication key encrypted. */
export const etimsDevices = pgTable('etims_devices', {
  branch: text('branch').primaryKey(),
  sdcId: text('sdc_id').notNull(),
  mrcNo: text('mrc_no').notNull(),
  /** AES-256-GCM, keyed from JWT_SECRET; null for the sandbox, which has no key. */
  cmcKeyEncrypted: text('cmc_key_encrypted'),
  sandbox: boolean('sandbox').notNull(),
  initialisedAt: createdAt('initialised_at'),
});

/**
 * The item codes the shop registered with eTIMS: one per product (and one for delivery), its
 * sequence from `itemNo`; `registered` is what KRA was last told (re-sent when the tax changes).
 */
export const etimsItems = pgTable('etims_items', {
  key: text('key').primaryKey(),
  itemNo: serial('item_no').notNull().unique(),
  itemCd: text('item_cd'),
  registered: jsonb('registered').$type<Record<string, unknown>>(),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
});

export const paymentStatus = pgEnum('payment_status', [
  'created',
  /** The provider is being asked to capture it right now (no lock is held meanwhile). */
  'capturing',
  'captured',
  'failed',
  'cancelled',
  'expired',
  /** Money given back (through the provider's API or by hand, with its reference). */
  'refunded',
]);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id for the payment (PayPal order id; ours for the sandbox). */
    providerPaymentId: text('provider_payment_id').notNull(),
    status: paymentStatus('status').notNull().default('created'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('KES'),
    /** What the provider actually charges, in its currency's minor units. */
    settlementCurrency: text('settlement_currency').notNull(),
    settlementAmountMinor: bigint('settlement_amount_minor', { mode: 'number' }).notNull(),
    exchangeRate: text('exchange_rate'),
    payerId: text('payer_id'),
    transactionId: text('transaction_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** When the capture now in flight began; an old one was interrupted and may be taken over. */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    /** 'mpesa' or 'paypal' (PayPal's sandbox included). */
    method: text('method').notNull().default('paypal'),
    // ------------------------------------------------ M-Pesa (push payments), issue 14
    /** The phone the push went to, 2547XXXXXXXX. */
    phone: text('phone'),
    /** Daraja's id of the push; null until Daraja accepted it (or when its answer was lost). */
    checkoutRequestId: text('checkout_request_id'),
    merchantRequestId: text('merchant_request_id'),
    /** SHA-256 of the random secret in this payment's CallBackURL; the secret itself is not kept. */
    callbackSecretHash: text('callback_secret_hash'),
    /** Daraja's final ResultCode (0 paid), from the callback or the query API. */
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    /** When to ask Daraja's query API next; null once the result is final. */
    nextQueryAt: timestamp('next_query_at', { withTimezone: true }),
    // ------------------------------------------------ money that must go back
    /** Money came in that the shop cannot keep (a second payment, an order that could not revive). */
    refundDue: boolean('refund_due').notNull().default(false),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's refund id, or what the admin typed for a refund made by hand. */
    refundReference: text('refund_reference'),
    // ------------------------------------------------ for the admin to look at
    /**
     * Why the shop refused money the provider says was paid (an amount that is not the order's, a
     * receipt that already paid another payment): the shopper may have paid, so a person looks.
     */
    attentionReason: text('attention_reason'),
    /** The provider's receipt of the refused payment. */
    attentionReceipt: text('attention_receipt'),
    // ------------------------------------------------ Paybill and Till (customer-initiated M-Pesa)
    /** What has come in so far, in KES cents: payments to an account number add up. */
    receivedCents: bigint('received_cents', { mode: 'number' }).notNull().default(0),
    /** Paid in more than the order's total: this much is due back. */
    overpaidCents: bigint('overpaid_cents', { mode: 'number' }).notNull().default(0),
    /** A Till payment's M-Pesa code the shopper typed before its confirmation came. */
    claimedReceipt: text('claimed_receipt'),
    /**
     * Given back or on its way back (refunds requested, sent or confirmed), in KES cents. The check
     * makes the database refuse a refund of more than came in, however many race (record 029).
     */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check(
      'payments_refund_within_received',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.receivedCents}`,
    ),
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    index('payments_created_idx').on(t.createdAt),
    uniqueIndex('payments_checkout_request_idx').on(t.checkoutRequestId),
    uniqueIndex('payments_callback_secret_idx').on(t.callbackSecretHash),
    index('payments_next_query_idx').on(t.nextQueryAt),
  ],
);

/**
 * The account of every shilling of an order (decision record 024): one row per movement of money.
 * Money received is a row with the provider's reference (an M-Pesa receipt, a PayPal capture id, a
 * reference typed for cash); the database lets one reference be received once, so it can pay one
 * order at most, whichever method brought it.
 */
export const orderLedger = pgTable(
  'order_ledger',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** 'received' or 'refunded' (money that went back, with its refund). */
    kind: text('kind').notNull(),
    refundId: integer('refund_id').references((): AnyPgColumn => refunds.id, {
      onDelete: 'set null',
    }),
    /** The payment method that moved it ('mpesa', 'mpesa_paybill', 'paypal', 'pay_on_delivery'). */
    method: text('method').notNull(),
    /** The provider's reference, upper-case; null for cash taken without one. */
    reference: text('reference'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_ledger_order_idx').on(t.orderId, t.id),
    index('order_ledger_payment_idx').on(t.paymentId),
    uniqueIndex('order_ledger_received_reference_idx')
      .on(t.reference)
      .where(sql`${t.kind} = 'received' and ${t.reference} is not null`),
  ],
);

/**
 * Payments a shopper made to the shop's Paybill or Till from the M-Pesa menu, as Daraja confirmed
 * them (or as the M-PESA statement showed them). One row per M-Pesa receipt; `paymentId` is the
 * payment it was applied to, null while it matches no order (an unmatched payment, for the admin).
 */
export const mpesaC2b = pgTable(
  'mpesa_c2b',
  {
    id: serial('id').primaryKey(),
    /** The M-Pesa receipt (TransID). */
    transId: text('trans_id').notNull(),
    /** 'Pay Bill' or 'Buy Goods'. */
    kind: text('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    shortcode: text('shortcode').notNull(),
    /** The account number as the shopper typed it; empty for a Till. */
    billRef: text('bill_ref').notNull().default(''),
    /** As Daraja sends it (it may be masked or hashed). */
    msisdn: text('msisdn'),
    payerName: text('payer_name'),
    /** When M-Pesa completed it (TransTime, Nairobi). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    receivedAt: createdAt('received_at'),
    /** 'confirmation', or 'statement' for a receipt the shop only learnt of from the statement. */
    source: text('source').notNull().default('confirmation'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** Why it paid no order (no account number, a Till code whose payer did not match…), for the admin. */
    note: text('note'),
    /** Given back (an unmatched payment refunded), at most what came in. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** Dealt with without an order (all of it refunded, or closed by a person with a note). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closeNote: text('close_note'),
  },
  (t) => [
    check(
      'mpesa_c2b_refund_within_amount',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    uniqueIndex('mpesa_c2b_trans_idx').on(t.transId),
    index('mpesa_c2b_payment_idx').on(t.paymentId),
    index('mpesa_c2b_unmatched_idx')
      .on(t.receivedAt)
      .where(sql`${t.paymentId} is null`),
  ],
);

/**
 * Money going back (decision record 029): requested → sent → confirmed, or failed (and tried again
 * by a person). One per request, sent once: its `requestKey` is the provider's idempotency key
 * (PayPal-Request-Id, B2C OriginatorConversationID) for this attempt. At most one refund of a
 * payment (or an unmatched M-Pesa payment) is in flight at a time.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** Null for an unmatched M-Pesa payment given back. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id),
    c2bId: integer('c2b_id').references(() => mpesaC2b.id),
    returnId: integer('return_id').references((): AnyPgColumn => returns.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 'goods' (lines or a cancelled order: a credit note follows) or 'money' (an overpayment…). */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** How it goes back: 'paypal', 'mpesa' (B2C), 'cash' or 'manual' (recorded with a reference). */
    method: text('method').notNull(),
    status: text('status').notNull().default('requested'),
    /** For goods: what is credited, [{order_item_id, quantity, amount_cents}] and delivery. */
    lines: jsonb('lines').$type<{ orderItemId: number; quantity: number; amountCents: number }[]>(),
    deliveryCents: bigint('delivery_cents', { mode: 'number' }).notNull().default(0),
    /** The phone a B2C payment goes to, 2547…; null for other methods. */
    phone: text('phone'),
    attempt: integer('attempt').notNull().default(1),
    /** This attempt's idempotency key at the provider. */
    requestKey: text('request_key').notNull(),
    /** The provider's ids: PayPal's refund id, or B2C's ConversationID then its receipt. */
    providerRef: text('provider_ref'),
    reference: text('reference'),
    /** The provider's words when it failed. */
    failure: text('failure'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When to ask the provider about a refund sent and not answered. */
    nextQueryAt: timestamp('next_query_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_status_check', sql`${t.status} in ('requested', 'sent', 'confirmed', 'failed')`),
    check('refunds_kind_check', sql`${t.kind} in ('goods', 'money')`),
    uniqueIndex('refunds_request_key_idx').on(t.requestKey),
    uniqueIndex('refunds_one_in_flight_per_payment_idx')
      .on(t.paymentId)
      .where(sql`${t.status} in ('requested', 'sent')`),
    uniqueIndex('refunds_one_in_flight_per_c2b_idx')
      .on(t.c2bId)
      .where(sql`${t.status} in ('requested', 'sent')`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_next_query_idx').on(t.nextQueryAt),
  ],
);

/**
 * A shopper's return of some lines of a delivered order (decision record 029): requested, then
 * approved or refused by the admin (with a note the shopper sees), then received; a refund or an
 * exchange (a replacement order) follows.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('requested'),
    resolution: text('resolution').notNull(),
    reason: text('reason').notNull(),
    /** The admin's note, shown to the shopper. */
    note: text('note'),
    /** An exchange: the variant the shopper wants instead (same product). */
    exchangeVariantId: integer('exchange_variant_id').references(() => productVariants.id),
    /** The replacement order an exchange made. */
    exchangeOrderId: integer('exchange_order_id').references(() => orders.id),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'returns_status_check',
      sql`${t.status} in ('requested', 'approved', 'refused', 'received')`,
    ),
    check('returns_resolution_check', sql`${t.resolution} in ('refund', 'exchange')`),
    index('returns_order_idx').on(t.orderId),
    index('returns_status_idx').on(t.status, t.createdAt),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    /** Set when the goods are received: whether they went back to stock. */
    restocked: boolean('restocked'),
  },
  (t) => [
    check('return_lines_quantity_check', sql`${t.quantity} > 0`),
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_item_idx').on(t.orderItemId),
  ],
);

/** Lines of the M-PESA statements the admin uploaded (paid in), one per receipt. */
export const mpesaStatementLines = pgTable('mpesa_statement_lines', {
  receipt: text('receipt').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  paidInCents: bigint('paid_in_cents', { mode: 'number' }).notNull(),
  details: text('details').notNull().default(''),
  otherParty: text('other_party').notNull().default(''),
  accountNo: text('account_no').notNull().default(''),
  importedAt: createdAt('imported_at'),
});

/** The shop's Paybill/Till URLs as registered with Daraja: one row, kept across restarts. */
export const mpesaC2bRegistration = pgTable('mpesa_c2b_registration', {
  shortcode: text('shortcode').primaryKey(),
  /** 'registered' or 'failed'. */
  status: text('status').notNull(),
  /** What Daraja said, or why it could not be asked. */
  message: text('message').notNull().default(''),
  /** The confirmation URL registered (its secret masked): a change of PUBLIC_URL registers again. */
  urlKey: text('url_key').notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
});

/**
 * Every request the shop sent to a payment provider and every callback it received, bodies kept
 * with secrets masked, for the back office. A callback that matches no payment is kept too.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    /** 'push', 'push-answer', 'callback', 'query', 'query-answer', 'refund'… */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    /** What the shop made of it: 'applied', 'duplicate', 'rejected: amount …'. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.id),
    index('payment_events_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- contact and mail

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('contacts_submitted_idx').on(t.submittedAt),
    index('contacts_unreplied_idx').on(t.repliedAt, t.submittedAt),
  ],
);

export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The reply's message in the outbox. */
    emailId: integer('email_id'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_contact_idx').on(t.contactId)],
);

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', [
  /** Waiting for its (next) attempt at next_attempt_at. */
  'pending',
  'sent',
  /** Gave up after the last retry; an administrator can send it again. */
  'failed',
  /**
   * Waiting for a transport: an e-mail while no SMTP server is configured. The worker sends it
   * once one is (it goes back to pending), or an admin resends it.
   */
  'held',
]);

/**
 * Every message to a person (e-mail, SMS), written in the same transaction as its cause and sent
 * by the outbox worker with retries: an outage delays a message, never loses it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: outboxChannel('channel').notNull().default('email'),
    /** What it is about ('order-paid', 'password-reset', 'contact-reply'…). */
    kind: text('kind').notNull(),
    /** An e-mail address, or a phone number in international form (+2547…). */
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull().default(''),
    /** The text body (the whole SMS). A password-reset link is written in only when sending. */
    body: text('body').notNull(),
    /**
     * For a message written only when sent: the row it is written from (a staff invitation's
     * id), so that what is sent later is what was asked for, never the secret itself.
     */
    refId: integer('ref_id'),
    html: text('html'),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker took it until then; past it, a crashed worker's message is taken again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_recipient_idx').on(t.recipient),
  ],
);

// ---------------------------------------------------------------- limits

/** How often a key (an address, an account) used a limited action in one window. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /** No window looks at this row after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limits_expires_idx').on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------- staff (issue 25)

/** Single-use recovery codes for two-step sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** An invitation to join the staff: a single-use link, stored as a hash, valid 72 hours. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a newer invitation to the same address replaced this one. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_idx').on(t.tokenHash),
    index('staff_invitations_email_idx').on(t.email),
  ],
);

/**
 * The shop's settings (issue 33, decision record 026): one row, owned by settings/. `data` holds
 * what has been set; each field not in it reads as its default (DEFAULT_SHOP_SETTINGS).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

/** The shop's staff settings: one row. */
export const staffSettings = pgTable('staff_settings', {
  id: integer('id').primaryKey().default(1),
  /** When set, staff without two-step sign-in get 403 MFA_SETUP_REQUIRED from admin routes. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who changed what, append-only: written in the same transaction as the change; on PostgreSQL a
 * trigger refuses UPDATE, DELETE and TRUNCATE (decision record 021). No foreign keys: a row must
 * outlive whatever it names. Each row is chained to the one before by `hash` (audit/chain.ts,
 * decision record 025); rows from before the chain have none and are sealed by the first that has.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    requestId: text('request_id'),
    /** The hash of the row before this one in the chain (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** SHA-256 of this row's content and `prevHash`, hex. */
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

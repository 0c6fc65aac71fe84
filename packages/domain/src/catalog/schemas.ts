import { z } from 'zod';
import { centsSchema, int32, int32FromText, pagingQuery } from '../common/schemas.ts';
import { acceptingReadOnly } from '../common/read-only.ts';
import { PRODUCT_SORTS } from './constants.ts';
import { PRODUCT_EDIT_MESSAGES } from './messages.ts';

export const categorySlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'A category is written in lower case with dashes, e.g. mens-shoes',
  );

/** Query of GET /api/products. Unknown or malformed values are a 400, never silently ignored. */
const OPTION_FILTER = 'An option filter is a name and a value: option=Size:42';

/**
 * `option=Size:42&option=Colour:Black` (issue 21): products with a variant in stock that has all
 * of them. Parsed to the variants' keys, 'Size=42'.
 */
const optionFilterSchema = z
  .union([z.string(), z.array(z.string()).max(3, 'At most three option filters.')])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[^:=]{1,40}:[^=]{1,40}$/, OPTION_FILTER)
        .transform((pair) => {
          const at = pair.indexOf(':');
          return `${pair.slice(0, at).trim()}=${pair.slice(at + 1).trim()}`;
        }),
    ),
  )
  .optional()
  .describe('Name:value of an option, up to three: products with a variant in stock having all');

export const productListQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(500)
      .optional()
      .describe(
        'Words of the title (case-insensitive substrings), or a category, brand or synonym they name; typos are corrected when nothing matches',
      ),
    category: categorySlugSchema.optional(),
    brand: z.string().trim().min(1).max(100).optional(),
    sort: z.enum(PRODUCT_SORTS).optional().describe('Default: catalogue order (by id)'),
    minRating: z.coerce
      .number()
      .min(0)
      .max(5)
      .optional()
      .describe('Only products rated at least this'),
    option: optionFilterSchema,
    ...pagingQuery(20),
  })
  .strict();
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** GET /api/products/options: the option facets of a category, or of the whole catalogue. */
export const optionFacetsQuerySchema = z
  .object({ category: categorySlugSchema.optional() })
  .strict();

export const optionFacetSchema = z
  .object({
    name: z.string(),
    values: z.array(z.object({ value: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'OptionFacet' });
export type OptionFacet = z.infer<typeof optionFacetSchema>;

/** Query of the listings that are searched as one types: Top Picks, Weekly Offers, related. */
export const productSearchQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    ...pagingQuery(8),
  })
  .strict();

export const relatedQuerySchema = z
  .object({
    exclude: int32FromText().positive().optional().describe('A product id to leave out'),
    ...pagingQuery(4),
  })
  .strict();

export const dimensionsSchema = z.object({
  width: z.number().min(0).describe('mm'),
  height: z.number().min(0).describe('mm'),
  depth: z.number().min(0).describe('mm'),
});

/**
 * A flash sale running now (issue 36): its price for a unit, in cents like `price`, and when it
 * ends. Both are absent when nothing is on sale; `sale_ends_at` also for a sale with no end.
 */
const flashSaleFields = {
  sale_price: centsSchema
    .optional()
    .describe(
      "A flash sale's price of a unit now, in cents like price; below what it sells for otherwise",
    ),
  sale_ends_at: z
    .string()
    .optional()
    .describe('When that flash sale ends (ISO 8601); absent for a sale with no end'),
};

/** A flash sale is the promotions' to set: a product's edits take them back and ignore them. */
const FLASH_SALE_KEYS = Object.keys(flashSaleFields) as (keyof typeof flashSaleFields)[];

/** A product as a card shows it. */
export const productSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    brand: z.string(),
    price: centsSchema,
    discountPercentage: z.number().min(0).max(100),
    rating: z.number(),
    reviewCount: z.number().int().describe('Visible reviews of the product'),
    stock: z.number().int(),
    thumbnail: z.string(),
    createdAt: z.string(),
    ...flashSaleFields,
    title_sw: z
      .string()
      .nullable()
      .describe("The merchant's Kiswahili title (issue 37), for the shop under /sw/; null: none"),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** One of a product's options (issue 21): Size with its values in the order shown. */
export const productOptionSchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: 'ProductOption' });
export type ProductOption = z.infer<typeof productOptionSchema>;

/** What is sold and stocked: one combination of option values, or a product's only variant. */
export const productVariantSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    title: z.string().describe("The option values joined, '42 / Black'; '' without options"),
    options: z.record(z.string(), z.string()).describe("{ Size: '42', Colour: 'Black' }"),
    price: centsSchema,
    discountPercentage: z.number().min(0).max(100),
    stock: z.number().int(),
    image: z.string().optional(),
    ...flashSaleFields,
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A product with every field of SPEC §3. */
export const productSchema = productSummarySchema
  .extend({
    categoryName: z.string(),
    description: z.string(),
    description_sw: z
      .string()
      .nullable()
      .describe("The merchant's Kiswahili description (issue 37); null: none"),
    sku: z.string(),
    images: z.array(z.string()),
    tags: z.array(z.string()),
    weight: z.number().min(0).describe('grams'),
    dimensions: dimensionsSchema,
    warrantyInformation: z.string(),
    shippingInformation: z.string(),
    availabilityStatus: z.string(),
    returnPolicy: z.string(),
    options: z.array(productOptionSchema).describe('Up to three; none for a product without'),
    variants: z
      .array(productVariantSchema)
      .describe('One per combination on sale; exactly one for a product without options'),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z
  .object({
    products: z.array(productSummarySchema),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    totalCapped: z
      .boolean()
      .optional()
      .describe('A text search counts up to 1,000 matches; true when there are more than total'),
    corrected_query: z
      .string()
      .optional()
      .describe('The search found nothing as typed; these are the results of this spelling'),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

export const categoryFacetSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type CategoryFacet = z.infer<typeof categoryFacetSchema>;

export const brandFacetSchema = z.object({ name: z.string(), count: z.number().int() });
export type BrandFacet = z.infer<typeof brandFacetSchema>;

export const brandsQuerySchema = z.object({ category: categorySlugSchema.optional() }).strict();

export const homeSchema = z
  .object({
    categories: z.array(categoryFacetSchema),
    weeklyOffers: z.array(productSummarySchema),
    topPicks: z.array(productSummarySchema),
  })
  .meta({ id: 'Home' });
export type Home = z.infer<typeof homeSchema>;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    reviewer_name: z.string(),
    reviewer_email: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    product_id: z.number().int(),
    /** Written by a shopper with a paid order containing the product ('Verified purchase'). */
    verified_purchase: z.boolean(),
    /** Hidden by an administrator: only the back office still lists it. */
    hidden: z.boolean(),
    date: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** Reviews as the public sees them: the reviewer's e-mail stays with the shop's staff. */
export const publicReviewSchema = reviewSchema
  .omit({ reviewer_email: true, hidden: true })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewPageSchema = z.object({
  reviews: z.array(publicReviewSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

// ---------------------------------------------------------------- catalogue management

/** Ksh 20,000,000: a price beyond it is a typing mistake (and line totals stay far from 2^53). */
export const MAX_PRICE_CENTS = 2_000_000_000;
export const MAX_STOCK = 10_000_000;

/** The fields the admin's screens share: a price of at least 1 cent, a discount, a stock. */
const priceField = () =>
  int32(PRODUCT_EDIT_MESSAGES.price)
    .min(1, PRODUCT_EDIT_MESSAGES.price)
    .max(MAX_PRICE_CENTS, PRODUCT_EDIT_MESSAGES.price);
const discountField = () =>
  z
    .number({ error: PRODUCT_EDIT_MESSAGES.discount })
    .min(0, PRODUCT_EDIT_MESSAGES.discount)
    .max(100, PRODUCT_EDIT_MESSAGES.discount);
const stockField = () =>
  int32(PRODUCT_EDIT_MESSAGES.stock)
    .min(0, PRODUCT_EDIT_MESSAGES.stock)
    .max(MAX_STOCK, PRODUCT_EDIT_MESSAGES.stock);
const skuField = () => z.string().trim().min(1, 'Enter a SKU.').max(60);

/** PATCH /api/products/{id}: exactly one of the three (SPEC §7). Price is cents. */
export const productPatchSchema = z
  .object({
    price: int32(PRODUCT_EDIT_MESSAGES.price)
      .min(0, PRODUCT_EDIT_MESSAGES.price)
      .max(MAX_PRICE_CENTS, PRODUCT_EDIT_MESSAGES.price)
      .optional(),
    discount_percentage: z
      .number({ error: PRODUCT_EDIT_MESSAGES.discount })
      .min(0, PRODUCT_EDIT_MESSAGES.discount)
      .max(100, PRODUCT_EDIT_MESSAGES.discount)
      .optional(),
    stock: int32(PRODUCT_EDIT_MESSAGES.stock)
      .min(0, PRODUCT_EDIT_MESSAGES.stock)
      .max(MAX_STOCK, PRODUCT_EDIT_MESSAGES.stock)
      .optional(),
  })
  .strict()
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, {
    message: PRODUCT_EDIT_MESSAGES.exactlyOne,
  });
export type ProductPatch = z.infer<typeof productPatchSchema>;

const ownImage = z.string().regex(
  // The import's stand-in until a product's pictures arrive is the shop's own too.
  /^\/uploads\/[0-9a-f-]{36}\.webp$|^\/images\/products\/[A-Za-z0-9._-]+\.webp$|^\/placeholder-product\.svg$/,
  'Images must be uploaded to Duka first',
);

const optionText = z.string().trim().min(1, 'Enter a value.').max(40);

/** An option as the admin sets it: Size with its values 38 … 45, in the order shown. */
export const optionInputSchema = z
  .object({
    name: optionText,
    values: z
      .array(optionText)
      .min(1, 'Give the option at least one value.')
      .max(100)
      .refine((values) => new Set(values).size === values.length, 'Each value only once.'),
  })
  .strict();

/** A variant as the admin sets it; price and discount default to the product's. */
export const variantInputSchema = z
  .object({
    options: z
      .record(optionText, optionText)
      .describe("Its value of each option, by the option's name: { Size: '42' }"),
    sku: skuField().optional(),
    price: priceField().optional(),
    discountPercentage: discountField().optional(),
    stock: stockField().default(0),
    barcode: z.string().trim().min(1).max(60).optional(),
    weight: int32().min(0).max(10_000_000).optional().describe('grams'),
    image: ownImage.optional(),
  })
  .strict();
export type VariantInput = z.infer<typeof variantInputSchema>;

/** MAX_VARIANTS: the most combinations a product may sell (Shopify's limit is 2,048). */
export const MAX_VARIANTS = 250;

type WithVariants = {
  options: z.infer<typeof optionInputSchema>[];
  variants?: VariantInput[] | undefined;
};

/**
 * Options and variants agree: each variant names one value of every option and nothing else, no
 * two variants are the same combination, no SKU is given twice. Issues at `variants.N.…`.
 */
export function checkVariants(value: WithVariants, ctx: z.RefinementCtx): void {
  const { options, variants } = value;
  const names = options.map((o) => o.name);
  if (new Set(names).size !== names.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option only once.' });
  }
  if (options.length === 0) {
    if (variants && variants.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Add the options first.' });
    }
    return;
  }
  if (!variants || variants.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Add at least one variant.' });
    return;
  }
  const combinations = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, i) => {
    const given = Object.keys(variant.options);
    const wrong =
      given.length !== options.length ||
      options.some((o) => !o.values.includes(variant.options[o.name] ?? '\u0000'));
    if (wrong) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'options'],
        message: `Choose one of the values of ${names.join(', ')}.`,
      });
    }
    const combination = options.map((o) => variant.options[o.name]).join('\u0000');
    if (combinations.has(combination)) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'options'],
        message: 'Another variant has these values.',
      });
    }
    combinations.add(combination);
    if (variant.sku !== undefined) {
      if (skus.has(variant.sku)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'sku'],
          message: 'Another variant has this SKU.',
        });
      }
      skus.add(variant.sku);
    }
  });
}

export const variantParamsSchema = z.object({
  id: int32FromText().positive(),
  variantId: int32FromText().positive(),
});

/**
 * PATCH /api/admin/products/{id}/variants/{variantId}: one variant's price, discount, stock, SKU.
 * Takes a variant as the product's GET gives it (its id, title, options and image ignored).
 */
export const variantPatchSchema = acceptingReadOnly(
  z
    .object({
      price: priceField().optional(),
      discountPercentage: discountField().optional(),
      stock: stockField().optional(),
      sku: skuField().optional(),
    })
    .strict(),
  ['id', 'title', 'options', 'image', ...FLASH_SALE_KEYS],
).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: 'Change at least one of price, discountPercentage, stock or sku.',
});
export type VariantPatch = z.infer<typeof variantPatchSchema>;

/**
 * PATCH /api/admin/products/{id}/variants (issue 33): the stock of several variants at once, as
 * All Products' Stock dialog sets it for a product sold in sizes; all or nothing.
 */
export const variantStockSchema = z
  .object({
    variants: z
      .array(z.object({ id: int32().positive(), stock: stockField() }).strict())
      .min(1, 'Give the stock of at least one variant.')
      .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants.`)
      .refine((list) => new Set(list.map((v) => v.id)).size === list.length, {
        message: 'Each variant only once.',
      }),
  })
  .strict();
export type VariantStock = z.infer<typeof variantStockSchema>;

/**
 * PUT /api/admin/products/{id}/options (issue 21): a product's options and variants replaced at
 * once; the variants it had leave sale (archived when orders name them, deleted otherwise).
 */
export const productOptionsReplaceSchema = z
  .object({
    options: z
      .array(optionInputSchema)
      .min(1, 'Add at least one option.')
      .max(3, 'At most three options.'),
    variants: z
      .array(variantInputSchema)
      .min(1, 'Add at least one variant.')
      .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants.`),
  })
  .strict()
  .superRefine(checkVariants);
export type ProductOptionsReplace = z.infer<typeof productOptionsReplaceSchema>;

/**
 * A product's optional Kiswahili title or description (issue 37), shown on /sw/ when present.
 * Empty or null: none (the English text is shown). Left out of an edit: unchanged.
 */
const kiswahiliText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The Kiswahili ${what} is at most ${max.toLocaleString('en')} characters.`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .optional()
    .describe(`Kiswahili ${what}, optional; '' or null removes it`);
const KISWAHILI_TITLE_MAX = 200;
const KISWAHILI_DESCRIPTION_MAX = 5000;
const kiswahiliFields = () => ({
  title_sw: kiswahiliText(KISWAHILI_TITLE_MAX, 'title'),
  description_sw: kiswahiliText(KISWAHILI_DESCRIPTION_MAX, 'description'),
});

/** POST /api/products: the creation fields and defaults of SPEC §3. Price is cents. */
export const productCreateSchema = z
  .object({
    title: z.string().trim().min(1, 'Product name is required').max(200),
    brand: z.string().trim().min(1, 'Brand is required').max(100),
    description: z.string().trim().min(1, 'Description is required').max(5000),
    ...kiswahiliFields(),
    price: int32(PRODUCT_EDIT_MESSAGES.price)
      .min(1, PRODUCT_EDIT_MESSAGES.price)
      .max(MAX_PRICE_CENTS, PRODUCT_EDIT_MESSAGES.price),
    discountPercentage: z
      .number()
      .min(0, PRODUCT_EDIT_MESSAGES.discount)
      .max(100, PRODUCT_EDIT_MESSAGES.discount)
      .default(0),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    images: z.array(ownImage).min(1, 'Add at least the main image').max(3),
    category: z.string().trim().min(1, 'Category is required').max(60),
    sku: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .optional()
      .describe("Made from the product's id when not given: DK-00042"),
    stock: int32().min(0, PRODUCT_EDIT_MESSAGES.stock).max(MAX_STOCK).default(0),
    weight: int32().min(0).max(10_000_000).default(0).describe('grams'),
    // Only what the merchant writes (decision record 026): no made-up warranty, shipping time or
    // return policy; the product page shows the shop's return window when none is given.
    warrantyInformation: z.string().trim().max(200).default(''),
    shippingInformation: z.string().trim().max(200).default(''),
    returnPolicy: z.string().trim().max(200).default(''),
    options: z.array(optionInputSchema).max(3, 'At most three options.').default([]),
    variants: z
      .array(variantInputSchema)
      .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants.`)
      .optional()
      .describe('One per combination on sale, when there are options; stock is then per variant'),
  })
  .superRefine(checkVariants);
export type ProductCreate = z.input<typeof productCreateSchema>;
/** POST /api/products' body once parsed: defaults filled in. */
export type ProductCreateParsed = z.output<typeof productCreateSchema>;

const millimetres = z
  .number({ error: 'Enter a size in millimetres.' })
  .min(0, 'Enter a size of 0 or more.')
  .max(100_000, 'Enter a size up to 100,000 mm.');

/** A variant in PUT /api/admin/products/{id}: found by id, its own SKU, price, discount, stock. */
const variantUpdateSchema = acceptingReadOnly(
  z
    .object({
      id: int32().positive(),
      sku: skuField().optional(),
      price: priceField().optional(),
      discountPercentage: discountField().optional(),
      stock: stockField().optional(),
    })
    .strict(),
  ['title', 'options', 'image', ...FLASH_SALE_KEYS],
);

/**
 * PUT /api/admin/products/{id} (issue 21): the product editor saves every field at once, as the
 * editor shows them. Price is cents; the SKU must be the shop's only product with it. It takes
 * back the product as GET /api/products/{id} gives it (issue 33): read-only fields are ignored.
 * A product without options keeps its SKU, price, discount and stock on itself (`variants` is
 * then ignored); one sold in sizes keeps them on each variant, given in `variants` by id (the
 * product's own are then ignored). Its options change only through PUT …/options.
 */
export const productUpdateSchema = acceptingReadOnly(
  z
    .object({
      title: z.string().trim().min(1, 'Product name is required').max(200),
      brand: z.string().trim().min(1, 'Brand is required').max(100),
      description: z.string().trim().min(1, 'Description is required').max(5000),
      ...kiswahiliFields(),
      category: z.string().trim().min(1, 'Category is required').max(60),
      tags: z.array(z.string().trim().min(1).max(40)).max(20),
      images: z.array(ownImage).min(1, 'Add at least the main image').max(3),
      sku: skuField().optional().describe('A product without options: required to change it'),
      price: priceField().optional(),
      discountPercentage: discountField().optional(),
      stock: stockField().optional(),
      weight: int32('Enter the weight in whole grams.').min(0).max(10_000_000).describe('grams'),
      dimensions: z
        .object({ width: millimetres, height: millimetres, depth: millimetres })
        .strict()
        .describe('millimetres'),
      warrantyInformation: z.string().trim().max(200),
      shippingInformation: z.string().trim().max(200),
      returnPolicy: z.string().trim().max(200),
      options: z
        .array(productOptionSchema)
        .max(3)
        .optional()
        .describe("As GET gives them: they must be the product's (PUT …/options changes them)"),
      variants: z
        .array(variantUpdateSchema)
        .max(MAX_VARIANTS)
        .optional()
        .describe('A product sold in sizes: each variant by id, with what changes'),
    })
    .strict(),
  [
    'id',
    'rating',
    'reviewCount',
    'thumbnail',
    'createdAt',
    'categoryName',
    'availabilityStatus',
    ...FLASH_SALE_KEYS,
  ],
);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** GET /api/admin/low-stock (issue 21): variants on sale with `threshold` units or fewer. */
export const lowStockQuerySchema = z
  .object({
    ...pagingQuery(20, 100),
    threshold: int32FromText().min(0).max(MAX_STOCK).default(5),
    q: z.string().trim().max(100).optional().describe('Words of the title, or a SKU'),
  })
  .strict();

export const lowStockPageSchema = z
  .object({
    items: z.array(
      z.object({
        productId: z.number().int(),
        title: z.string(),
        variantId: z.number().int(),
        variant: z.string().describe("'42 / Black'; '' for a product without options"),
        sku: z.string(),
        stock: z.number().int(),
      }),
    ),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'LowStockPage' });
export type LowStockPage = z.infer<typeof lowStockPageSchema>;

// The promotions' payloads (issue 36): the admin API's (amounts in whole shillings, as the
// merchant types them) and the code a shopper types at checkout. Bad input is refused at the
// field that is wrong, so the server answers 400 with `fields` (a code, 422 'This code is not
// valid.').
import { z } from 'zod';
import { int32, pagingQuery } from '../common/schemas.ts';
import { acceptingReadOnly } from '../common/read-only.ts';
import { categorySlugSchema, MAX_PRICE_CENTS, MAX_STOCK } from '../catalog/schemas.ts';
import { countyCodeSchema, MAX_DELIVERY_FEE } from '../delivery/schemas.ts';
import { CENTS_PER_SHILLING } from '../pricing/money.ts';
import { normaliseCouponCode } from './coupon-code.ts';
import { PROMOTION_TYPES } from './engine-types.ts';
import { COUPON_MESSAGES, PROMOTION_EDIT_MESSAGES as M } from './messages.ts';

/** Ksh 20,000,000, the dearest price a product may have: an amount beyond it is a mistake. */
export const MAX_PROMOTION_SHILLINGS = MAX_PRICE_CENTS / CENTS_PER_SHILLING;
/** The most units a buy X get Y may ask for or give. */
export const MAX_PROMOTION_QUANTITY = 1_000;
/** The most products, variants, categories or brands one promotion may name. */
export const MAX_PROMOTION_TARGETS = 1_000;

// ---------------------------------------------------------------- the shopper's code

/** A code as typed: trimmed, upper case; anything that cannot be a code is 'This code is not valid.' */
export const couponCodeSchema = z
  .string({ error: COUPON_MESSAGES.invalid })
  .transform((text, ctx) => {
    const code = normaliseCouponCode(text);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.invalid });
      return z.NEVER;
    }
    return code;
  })
  .describe('1 to 40 letters, digits, dashes or underscores; case does not matter');

/** POST /api/cart/coupon. */
export const couponInputSchema = z.object({ code: couponCodeSchema });
export type CouponInput = z.infer<typeof couponInputSchema>;

// ---------------------------------------------------------------- the admin API

/** A percentage above 0 and up to 100, in hundredths at most (it is kept in basis points). */
export function percentProblem(value: number): string | undefined {
  const hundredths = value * 100;
  const whole = Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
  return value > 0 && value <= 100 && whole ? undefined : M.percent;
}

const percent = z.number({ error: M.percent }).superRefine((value, ctx) => {
  const problem = percentProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const shillings = int32(M.amount).min(1, M.amount).max(MAX_PROMOTION_SHILLINGS, M.amount);
const quantity = int32(M.quantity).min(1, M.quantity).max(MAX_PROMOTION_QUANTITY, M.quantity);
const limit = int32(M.limit).min(1, M.limit);

/** An instant: ISO 8601 with its offset ('2026-11-27T09:00:00+03:00' is 09:00 in Nairobi). */
const instant = z.iso
  .datetime({ offset: true, error: M.instant })
  .transform((text) => new Date(text))
  .describe('ISO 8601 with an offset: 2026-11-27T09:00:00+03:00 (Nairobi is UTC+3)');

const adminCode = z
  .string({ error: M.code })
  .transform((text, ctx) => {
    const code = normaliseCouponCode(text);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: M.code });
      return z.NEVER;
    }
    return code;
  })
  .describe('Stored in upper case; shoppers may type it in any case. Unique.');

const targets = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_PROMOTION_TARGETS, M.tooMany).optional();

export const appliesToSchema = z
  .object({
    product_ids: targets(int32(M.productIds).positive(M.productIds)),
    variant_ids: targets(int32(M.variantIds).positive(M.variantIds)),
    categories: targets(categorySlugSchema),
    brands: targets(z.string({ error: M.brand }).trim().min(1, M.brand).max(100, M.brand)),
  })
  .strict()
  .describe('The lines it is for (any of them); left out or empty: the whole order');

/** Every field the admin sets; which of them a promotion needs depends on its type. */
const promotionFields = {
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(120, M.nameTooLong),
  code: adminCode.nullable().optional().describe('A coupon code; none: automatic'),
  type: z.enum(PROMOTION_TYPES, { error: M.type }),
  value: z
    .number({ error: M.number })
    .nullable()
    .optional()
    .describe(
      'percent_off and sale_price: percent (0.01–100); amount_off: Ksh off; free_delivery: Ksh off the fee (none: free)',
    ),
  applies_to: appliesToSchema.nullable().optional(),
  counties: z
    .array(countyCodeSchema)
    .min(1, M.chooseCounties)
    .max(47)
    .nullable()
    .optional()
    .describe('free_delivery: the counties it is for; none: all'),
  buy_quantity: quantity.nullable().optional().describe('buy_x_get_y: units bought'),
  get_quantity: quantity.nullable().optional().describe('buy_x_get_y: units given'),
  get_percent: percent
    .nullable()
    .optional()
    .describe('buy_x_get_y: off the units given; 100 = free'),
  sale_price: shillings.nullable().optional().describe('sale_price: the price of a unit, Ksh'),
  quantity_cap: int32(M.quantityCap)
    .min(1, M.quantityCap)
    .max(MAX_STOCK, M.quantityCap)
    .nullable()
    .optional()
    .describe('sale_price: the first this many units sold at it'),
  min_order: int32(M.minOrder)
    .min(0, M.minOrder)
    .max(MAX_PROMOTION_SHILLINGS, M.minOrder)
    .nullable()
    .optional()
    .describe('Ksh of items, before delivery and before promotions'),
  starts_at: instant.nullable().optional(),
  ends_at: instant.nullable().optional(),
  usage_limit: limit.nullable().optional().describe('Uses in all; reserved ones count'),
  per_customer_limit: limit.nullable().optional(),
  first_order_only: z.boolean().optional(),
  exclusive: z.boolean().optional().describe('Applies alone, never with another promotion'),
  combinable: z
    .boolean()
    .optional()
    .describe('Automatic: stacks on the best other automatic promotion of a line'),
};

type Fields = z.output<z.ZodObject<typeof promotionFields>>;
export interface PromotionProblem {
  path: string[];
  message: string;
}

const given = (v: unknown) => v !== undefined && v !== null;
const wholeShillings = (v: number, most: number) => Number.isInteger(v) && v >= 1 && v <= most;
const DEAL_FIELDS = ['buy_quantity', 'get_quantity', 'get_percent'] as const;
const SALE_FIELDS = ['sale_price', 'quantity_cap'] as const;
/** The fields a type has no use for: giving one is a mistake, said at the field. */
const NOT_USED: Record<Fields['type'], readonly (keyof Fields)[]> = {
  percent_off: ['counties', ...DEAL_FIELDS, ...SALE_FIELDS],
  amount_off: ['counties', ...DEAL_FIELDS, ...SALE_FIELDS],
  free_delivery: ['applies_to', ...DEAL_FIELDS, ...SALE_FIELDS],
  buy_x_get_y: ['value', 'counties', ...SALE_FIELDS],
  sale_price: ['counties', ...DEAL_FIELDS],
};

/** An end that is not after its start, checked only once both are read as instants. */
const endNotAfterStart = (p: { starts_at?: unknown; ends_at?: unknown }) =>
  p.starts_at instanceof Date &&
  p.ends_at instanceof Date &&
  p.ends_at.getTime() <= p.starts_at.getTime();

/**
 * What is wrong with a whole promotion, field by field. The server runs it on a PATCH merged
 * with the stored promotion too (a PATCH alone cannot tell whether `value` is a percentage).
 * The schema runs it even when a field was refused, so it reads nothing it has not checked.
 */
export function promotionProblems(p: Partial<Fields> & Pick<Fields, 'type'>): PromotionProblem[] {
  const problems: PromotionProblem[] = [];
  const add = (field: string, message: string) => problems.push({ path: [field], message });
  if (endNotAfterStart(p)) add('ends_at', M.endBeforeStart);
  if (p.exclusive === true && p.combinable === true) add('combinable', M.exclusiveCombinable);
  if (!Object.hasOwn(NOT_USED, p.type)) return problems;
  for (const field of NOT_USED[p.type]) if (given(p[field])) add(field, M.notForType);
  // A value of the wrong kind was refused at its field already.
  if (given(p.value) && typeof p.value !== 'number') return problems;
  const value = p.value ?? null;
  switch (p.type) {
    case 'percent_off':
      if (value === null) add('value', M.percentRequired);
      else if (percentProblem(value)) add('value', M.percent);
      break;
    case 'amount_off':
      if (value === null) add('value', M.amountRequired);
      else if (!wholeShillings(value, MAX_PROMOTION_SHILLINGS)) add('value', M.amount);
      break;
    case 'free_delivery':
      if (value !== null && !wholeShillings(value, MAX_DELIVERY_FEE)) {
        add('value', M.deliveryAmount);
      }
      break;
    case 'buy_x_get_y':
      if (!given(p.buy_quantity)) add('buy_quantity', M.buyRequired);
      if (!given(p.get_quantity)) add('get_quantity', M.getRequired);
      break;
    case 'sale_price': {
      if (given(p.sale_price) && value !== null) add('value', M.saleBoth);
      else if (!given(p.sale_price) && value === null) add('sale_price', M.saleRequired);
      else if (value !== null && percentProblem(value)) add('value', M.percent);
      const target = p.applies_to;
      if ((target?.categories?.length ?? 0) + (target?.brands?.length ?? 0) > 0) {
        add('applies_to', M.saleOnlyProducts);
      } else if ((target?.product_ids?.length ?? 0) + (target?.variant_ids?.length ?? 0) === 0) {
        add('applies_to', M.saleTargets);
      }
      if (given(p.code)) add('code', M.saleNoCode);
      break;
    }
  }
  return problems;
}

const report = (problems: PromotionProblem[], ctx: z.RefinementCtx) => {
  for (const { path, message } of problems) ctx.addIssue({ code: 'custom', path, message });
};

/** POST /api/admin/promotions → 201 with its id. */
export const promotionInputSchema = z
  .object({
    ...promotionFields,
    first_order_only: z.boolean().default(false),
    exclusive: z.boolean().default(false),
    combinable: z.boolean().default(false),
  })
  .strict()
  .superRefine((p, ctx) => report(promotionProblems(p), ctx));
export type PromotionInput = z.output<typeof promotionInputSchema>;

/** The figures GET adds to a promotion, which PATCH accepts back and ignores. */
const READ_ONLY = ['id', 'uses', 'orders', 'revenue', 'created_at'] as const;

/**
 * PATCH /api/admin/promotions/{id}: any of the fields; null clears one. What depends on the
 * type is checked by the server on the promotion as it would be (promotionProblems).
 */
export const promotionPatchSchema = acceptingReadOnly(
  z.object(promotionFields).partial().strict(),
  READ_ONLY,
).superRefine((p, ctx) => {
  if (Object.values(p).every((v) => v === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.nothingToChange });
    return;
  }
  const problems: PromotionProblem[] = [];
  if (endNotAfterStart(p)) problems.push({ path: ['ends_at'], message: M.endBeforeStart });
  if (p.exclusive === true && p.combinable === true) {
    problems.push({ path: ['combinable'], message: M.exclusiveCombinable });
  }
  report(problems, ctx);
});
export type PromotionPatch = z.output<typeof promotionPatchSchema>;

/** A promotion as GET /api/admin/promotions lists it. */
export const promotionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string().nullable(),
    type: z.enum(PROMOTION_TYPES),
    value: z.number().nullable(),
    applies_to: z
      .object({
        product_ids: z.array(z.number().int()),
        variant_ids: z.array(z.number().int()),
        categories: z.array(z.string()),
        brands: z.array(z.string()),
      })
      .nullable(),
    counties: z.array(z.string()).nullable(),
    buy_quantity: z.number().int().nullable(),
    get_quantity: z.number().int().nullable(),
    get_percent: z.number().nullable(),
    sale_price: z.number().int().nullable().describe('Ksh'),
    quantity_cap: z.number().int().nullable(),
    min_order: z.number().int().nullable().describe('Ksh'),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    per_customer_limit: z.number().int().nullable(),
    first_order_only: z.boolean(),
    exclusive: z.boolean(),
    combinable: z.boolean(),
    uses: z.number().int().describe('Uses made or reserved'),
    orders: z.number().int().describe('Paid orders with it'),
    revenue: z.number().int().describe('Ksh: what those orders came to'),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof promotionSchema>;

/** GET /api/admin/promotions: newest first, a page at a time. */
export const promotionListQuerySchema = z.object(pagingQuery(50, 100)).strict();

export const promotionPageSchema = z.object({
  promotions: z.array(promotionSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type PromotionPage = z.infer<typeof promotionPageSchema>;

// Promotions (issue 36): what the merchant set up (coupon codes, automatic discounts, flash sales)
// and each order's use of one, reserved when the order is made and released if it fails.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROMOTION_TYPES } from '@duka/domain/promotions/engine-types';
import { createdAt } from '../db/columns.ts';
import { users } from '../auth/schema.ts';
import { orders } from '../orders/schema.ts';

/** A list of words as SQL: `'a', 'b'` (they are ours, never a request's). */
const listed = (words: readonly string[]) => sql.raw(words.map((w) => `'${w}'`).join(', '));

/** The lines a promotion is for, as the admin API names them (all four lists, maybe empty). */
export interface StoredTargets {
  product_ids: number[];
  variant_ids: number[];
  categories: string[];
  brands: string[];
}

/**
 * One promotion, in cents and basis points. Which columns it uses depends on its type (the
 * shared schemas' promotionProblems decide; the checks here only keep the numbers sane).
 * Removing one that orders used only sets `deleted_at`, so their figures stay true
 * (decision record 031); its code is then free for a new promotion.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Upper case; null for an automatic promotion. */
    code: text('code'),
    /** PROMOTION_TYPES of @duka/domain. */
    type: text('type').notNull(),
    /** percent_off: the percentage off; sale_price: the percentage off, when no sale price. */
    percentBp: integer('percent_bp'),
    /** amount_off: the amount off; free_delivery: off the fee (null: all of it). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    appliesTo: jsonb('applies_to').$type<StoredTargets>(),
    /** free_delivery: county codes; null for every county. */
    counties: text('counties').array(),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    getPercentBp: integer('get_percent_bp'),
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }),
    /** sale_price: the first this many units sold at it. */
    quantityCap: integer('quantity_cap'),
    minOrderCents: bigint('min_order_cents', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    exclusive: boolean('exclusive').notNull().default(false),
    combinable: boolean('combinable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('promotions_type', sql`${t.type} in (${listed(PROMOTION_TYPES)})`),
    // A null passes a check: each holds for the columns a promotion uses.
    check(
      'promotions_percentages',
      sql`${t.percentBp} between 1 and 10000 and ${t.getPercentBp} between 1 and 10000`,
    ),
    check(
      'promotions_amounts',
      sql`${t.amountCents} >= 0 and ${t.salePriceCents} >= 0 and ${t.minOrderCents} >= 0`,
    ),
    check('promotions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    // A code is one promotion's among those not removed, whatever its case.
    uniqueIndex('promotions_code_idx')
      .on(sql`upper(${t.code})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const PROMOTION_USE_STATUSES = ['reserved', 'used', 'released'] as const;
export type PromotionUseStatus = (typeof PROMOTION_USE_STATUSES)[number];

/**
 * An order's use of a promotion: `reserved` when the order is made, `used` once it is paid,
 * `released` when it expires, fails or is cancelled. Reserved and used ones count against the
 * limits (promotions/uses.ts); released ones are kept for the record.
 */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** sale_price: the units sold at the sale price (what its cap counts); 0 for other kinds. */
    units: integer('units').notNull().default(0),
    status: text('status').notNull().default('reserved'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promotion_uses_status', sql`${t.status} in (${listed(PROMOTION_USE_STATUSES)})`),
    check('promotion_uses_units', sql`${t.units} >= 0`),
    // One use of a promotion per order: reserving again is a no-op, never a second use.
    uniqueIndex('promotion_uses_order_idx').on(t.promotionId, t.orderId),
    // What the limits count: a promotion's live uses, and one shopper's.
    index('promotion_uses_live_idx')
      .on(t.promotionId, t.userId)
      .where(sql`${t.status} <> 'released'`),
    index('promotion_uses_by_order_idx').on(t.orderId),
  ],
);

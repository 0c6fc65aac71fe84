// Delivery (issue 22): what the merchant set per county, and the pickup points.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

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

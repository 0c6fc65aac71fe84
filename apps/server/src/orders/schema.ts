// Orders, their lines and timeline, and their returns (orders/returns/, decision record 029).
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@duka/domain/orders/lifecycle';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { users } from '../auth/schema.ts';
import { productVariants, products } from '../catalog/schema.ts';
import { pickupPoints } from '../delivery/schema.ts';

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
    /** What promotions took off, items and delivery (issue 36): total = items + shipping − this (+ VAT). */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    shippingName: text('shipping_name').notNull(),
    streetAddress: text('street_address').notNull(),
    apartmentNumber: text('apartment_number'),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    email: text('email').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The shop's language the order was placed in ('en' | 'sw'): its e-mails and SMS use it. */
    language: text('language').notNull().default('en'),
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
    /** What promotions took off the line, to the cent (issue 36): VAT, refunds and eTIMS read it. */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * The promotions an order got (issue 36), as they were when it was made: the order's page and
 * list show them by name. `promotion_id` is no foreign key (promotions' schema names orders).
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id').notNull(),
    name: text('name').notNull(),
    code: text('code'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 'items' or 'delivery'. */
    target: text('target').notNull(),
  },
  (t) => [
    check('order_discounts_target', sql`${t.target} in ('items', 'delivery')`),
    index('order_discounts_order_idx').on(t.orderId),
  ],
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

// Tax invoices and credit notes for KRA's eTIMS (issue 23), their numbers, devices and item codes.
import { sql } from 'drizzle-orm';
import type { InvoiceReceipt, InvoiceSource } from '@duka/domain/tax/invoice-source';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { orders } from '../orders/schema.ts';
import { refunds } from '../payments/schema.ts';

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

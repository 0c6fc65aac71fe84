// Payments, the order ledger, refunds and what the providers sent (M-Pesa's Paybill and Till
// payments, statements and URL registration, every request and callback).
import { sql } from 'drizzle-orm';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { users } from '../auth/schema.ts';
import { orders, returns } from '../orders/schema.ts';

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

import { z } from 'zod';
import { REPLY_MESSAGES } from './messages.ts';
import { centsSchema, pagingQuery } from '../common/schemas.ts';
import { productSummarySchema, reviewSchema } from '../catalog/schemas.ts';
import { orderDiscountSchema, orderPageSchema, orderStatusSchema } from '../orders/schemas.ts';
import { addressSchema } from '../delivery/schemas.ts';
import { roleSchema } from '../staff/permissions.ts';
import { moneySchema } from '../payments/money-state.ts';
import { refundSchema } from '../payments/refund-schemas.ts';

// Re-exported, so imports from here and from the package root keep working.
export { REPLY_MESSAGES };

const page = <T extends z.ZodTypeAny>(key: string, item: T) =>
  z.object({
    [key]: z.array(item),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });

// ---------------------------------------------------------------- customers

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable().describe('Null for an account made by phone sign-in'),
    phone_number: z.string(),
    is_admin: z.boolean(),
    role: roleSchema.nullable(),
    created_at: z.string(),
    last_active_at: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** An account on the Customers list: with how many orders it placed and what its paid ones came to. */
export const customerSchema = adminUserSchema
  .extend({
    orders_count: z.number().int(),
    total_spent_cents: centsSchema.describe('Paid orders, not refunded or cancelled'),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;
export const adminUserPageSchema = page('users', customerSchema);
export type AdminUserPage = { users: Customer[]; total: number; skip: number; limit: number };

/** A customer's page: the account, its consents, its addresses and a page of its orders. */
export const customerDetailSchema = z.object({
  customer: customerSchema,
  marketing_consent_at: z.string().nullable().describe('When they agreed to marketing e-mails'),
  addresses: z.array(addressSchema),
  orders: orderPageSchema,
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const setAdminSchema = z.object({
  is_admin: z.boolean({ error: 'is_admin must be true or false' }),
});

export const customersSummarySchema = z.object({
  total_customers: z.number().int(),
  /** SPEC §9: user count minus 15 (never below 0). */
  members: z.number().int(),
  /** Users active within the last 10 minutes. */
  active_now: z.number().int(),
  signups_this_month: z.number().int(),
  signups_last_month: z.number().int(),
  /**
   * Growth of the customer base this month, in percent (replaces the spec's fixed '16%'); null
   * when nobody had joined before this month.
   */
  growth_percent: z.number().nullable(),
  /** Sign-ups this month against last month, in percent; null when nobody joined last month. */
  signups_change_percent: z.number().nullable(),
  /** Share of customers active now, in percent (replaces the spec's fixed '1%'). */
  active_percent: z.number(),
});
export type CustomersSummary = z.infer<typeof customersSummarySchema>;

// ---------------------------------------------------------------- orders and payments

export const adminOrderSchema = z
  .object({
    id: z.number().int(),
    user_email: z.string(),
    username: z.string(),
    created_at: z.string(),
    shipping_address: z.string(),
    payment_method: z.string(),
    order_total: centsSchema,
    status: orderStatusSchema,
    /** The statuses this order may move to next. */
    next_statuses: z.array(orderStatusSchema),
    first_item: z.string(),
    /** Different products in the order. */
    line_count: z.number().int(),
    item_count: z.number().int(),
    /** The receipt of the payment that paid it (M-Pesa receipt number, PayPal capture id). */
    receipt: z.string().nullable(),
    /** The phone for this delivery, else the customer's (2547…), for whoever packs and calls. */
    phone: z.string().nullable(),
    /** Every line as 'quantity × title', for packing from the list. */
    items: z.array(z.string()),
    /** Paid on delivery and not paid yet: the money can be recorded. */
    collectable: z.boolean(),
    /** Where its money stands (partially paid with the balance, overpaid…), cents. */
    money: moneySchema,
    /** The promotions it got, in the order they were applied (issue 36). */
    discounts: z.array(orderDiscountSchema),
    discount_total: centsSchema.describe(
      'What promotions took off items and delivery: order_total is after it',
    ),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderPageSchema = page('orders', adminOrderSchema);
export type AdminOrderPage = { orders: AdminOrder[]; total: number; skip: number; limit: number };

const courierField = z.string().trim().min(1, 'Courier is required').max(80, 'Courier is too long');
const trackingNumberField = z
  .string()
  .trim()
  .min(1, 'Tracking number is required')
  .max(80, 'Tracking number is too long')
  .regex(/^[\w ./-]+$/, 'Use letters, digits, spaces, dots, dashes or slashes');

export const orderStatusUpdateSchema = z.object({
  status: orderStatusSchema,
  /**
   * Moving to 'refunded': the reference of a refund made by hand. Without it the payment is
   * refunded through its provider where it has an API (PayPal; M-Pesa with reversal credentials).
   */
  refund_reference: z.string().trim().min(1).max(100).optional(),
  /** Moving to 'shipped': who carries it and the number to follow it by (issue 22). */
  courier: courierField.optional(),
  tracking_number: trackingNumberField.optional(),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/**
 * PATCH /api/admin/orders/{id}/shipment (issue 33): a courier or tracking number added to an
 * order on its way, or corrected; what is not given stays as it is.
 */
export const shipmentUpdateSchema = z
  .object({ courier: courierField.optional(), tracking_number: trackingNumberField.optional() })
  .strict()
  .refine((v) => v.courier !== undefined || v.tracking_number !== undefined, {
    message: 'Give a courier, a tracking number or both.',
  });
export type ShipmentUpdate = z.infer<typeof shipmentUpdateSchema>;

/** POST /api/admin/payments/{id}/refund: a payment marked refund due, given back. */
export const paymentRefundSchema = z.object({
  reference: z.string().trim().min(1).max(100).optional(),
});

export const adminPaymentSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    customer_email: z.string(),
    shipping_address: z.string(),
    provider: z.string(),
    payment_method: z.string(),
    amount: centsSchema,
    settlement_currency: z.string(),
    settlement_amount_minor: z.number().int(),
    status: z.string(),
    order_status: orderStatusSchema,
    transaction_id: z.string().nullable(),
    /** Why a payment failed or was closed unpaid (declined, expired, cancelled and by whom). */
    failure_reason: z.string().nullable(),
    created_at: z.string(),
    captured_at: z.string().nullable(),
    /** 'mpesa' or 'paypal' (PayPal's sandbox included). */
    method: z.string(),
    /** The M-Pesa phone, masked: 2547•••••678. */
    phone: z.string().nullable(),
    /** Daraja's final ResultCode and ResultDesc, as it sent them. */
    result_code: z.number().int().nullable(),
    result_desc: z.string().nullable(),
    /** What came in on it so far (a Paybill payment adds up in parts), cents. */
    received: centsSchema,
    /** Came in over what it asked (paid over the total), cents; 0 when not overpaid. */
    overpaid: centsSchema,
    /** Money came in that must go back (the order could not be revived, or was paid twice). */
    refund_due: z.boolean(),
    refunded_at: z.string().nullable(),
    refund_reference: z.string().nullable(),
    /** Money the provider says was paid that the shop refused, for a person to look at. */
    attention: z.object({ reason: z.string(), receipt: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'AdminPayment' });

/** A request to or an answer from the provider, or a callback, with secrets masked. */
export const paymentEventSchema = z
  .object({
    id: z.number().int(),
    payment_id: z.number().int().nullable(),
    kind: z.string(),
    body: z.string(),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PaymentEvent' });
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export const paymentEventPageSchema = page('events', paymentEventSchema);
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentPageSchema = page('payments', adminPaymentSchema);
export type AdminPaymentPage = {
  payments: AdminPayment[];
  total: number;
  skip: number;
  limit: number;
};

// ---------------------------------------------------------------- reviews

/** A review as the back office lists it: named by its product's title (issue 33). */
export const adminReviewSchema = reviewSchema
  .extend({ product_title: z.string() })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewPageSchema = page('reviews', adminReviewSchema);
export type AdminReviewPage = {
  reviews: AdminReview[];
  total: number;
  skip: number;
  limit: number;
};

// ---------------------------------------------------------------- dashboard

/**
 * An order as the dashboard lists it: what its Recent Orders table shows and nothing more. Every
 * role sees the dashboard; customers' e-mails, phones and addresses need orders.read.
 */
export const dashboardOrderSchema = adminOrderSchema
  .pick({
    id: true,
    username: true,
    created_at: true,
    first_item: true,
    line_count: true,
    item_count: true,
    order_total: true,
    status: true,
  })
  .meta({ id: 'DashboardOrder' });
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

export const dashboardSchema = z
  .object({
    /** Sum of the totals of paid orders (and those further along), cents. */
    earnings: centsSchema,
    orders: z.number().int(),
    signups: z.number().int(),
    sales_by_day: z.array(z.object({ date: z.string(), total: centsSchema })),
    recent_orders: page('orders', dashboardOrderSchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = Omit<z.infer<typeof dashboardSchema>, 'recent_orders'> & {
  recent_orders: { orders: DashboardOrder[]; total: number; skip: number; limit: number };
};

export const adminListQuerySchema = (defaultLimit: number) =>
  z.object(pagingQuery(defaultLimit, 100)).strict();

/** GET /api/admin/orders: paged, and of one status when `status` is given. */
export const adminOrderListQuerySchema = z
  .object({ ...pagingQuery(10, 100), status: orderStatusSchema.optional() })
  .strict();

// ---------------------------------------------------------------- contacts and messages

export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22')
  // A real calendar day: '2026-02-31' would otherwise roll over into March.
  .refine((d) => {
    const time = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
  }, 'Use a real date');

/** GET /api/admin/orders.csv: orders of a status and of a span of Nairobi days, for the books. */
export const ordersExportQuerySchema = z
  .object({
    status: orderStatusSchema.optional(),
    from: isoDay.describe('First day the order was made, YYYY-MM-DD, Nairobi time').optional(),
    to: isoDay.describe('Last day, YYYY-MM-DD, Nairobi time: the whole day').optional(),
  })
  .strict();
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

export const contactListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    from: isoDay
      .describe('First day, YYYY-MM-DD, in Nairobi time (UTC+3): from its 00:00')
      .optional(),
    to: isoDay
      .describe('Last day, YYYY-MM-DD, in Nairobi time (UTC+3): the whole day is included')
      .optional(),
    sort: z.enum(['date', 'name']).default('date'),
    order: z.enum(['asc', 'desc']).default('asc'),
    ...pagingQuery(10, 100),
  })
  .strict();

export const contactSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    submittedAt: z.string(),
    replied_at: z.string().nullable(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;
export const contactPageSchema = page('contacts', contactSchema);
export type ContactPage = { contacts: Contact[]; total: number; skip: number; limit: number };

export const adminMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  submittedAt: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** SPEC §2.14: at most 5 unreplied messages are listed; `unread` counts them all. */
export const adminMessagesSchema = z.object({
  messages: z.array(adminMessageSchema),
  unread: z.number().int(),
});
export type AdminMessages = z.infer<typeof adminMessagesSchema>;

export const replySchema = z.object({
  message: z
    .string({ error: REPLY_MESSAGES.invalid })
    .trim()
    .min(1, REPLY_MESSAGES.invalid)
    .max(5000),
});

// ---------------------------------------------------------------- search

export const adminSearchSchema = z.object({
  products: z.array(productSummarySchema),
  customers: z.array(adminUserSchema),
  orders: z.array(adminOrderSchema),
});
export type AdminSearch = z.infer<typeof adminSearchSchema>;

// ---------------------------------------------------------------- M-Pesa from the menu

/** A Paybill/Till payment that matched no order (an unmatched payment). */
export const unmatchedPaymentSchema = z
  .object({
    trans_id: z.string(),
    amount: centsSchema,
    /** The account number as the shopper typed it; empty for a Till. */
    bill_ref: z.string(),
    name: z.string().nullable(),
    received_at: z.string(),
    /** 'confirmation' (from Daraja) or 'statement' (only on the uploaded M-PESA statement). */
    source: z.string(),
    /** Why it paid no order, when the shop knows more than "no account number". */
    note: z.string().nullable(),
    /** Given back so far, or on its way back (cents). */
    refunded: centsSchema,
    /** Its latest refund, if one was asked for. */
    refund: refundSchema.nullable(),
  })
  .meta({ id: 'UnmatchedPayment' });
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;
export const unmatchedPaymentPageSchema = page('payments', unmatchedPaymentSchema);
export type UnmatchedPaymentPage = {
  payments: UnmatchedPayment[];
  total: number;
  skip: number;
  limit: number;
};

export const mpesaAssignSchema = z.object({
  order_id: z.number().int().positive().max(2_147_483_647),
});

export const statementReconciliationSchema = z
  .object({
    matched: z.number().int(),
    missing_in_shop: z.array(
      z.object({
        receipt: z.string(),
        amount: centsSchema,
        account_no: z.string(),
        completed_at: z.string().nullable(),
      }),
    ),
    missing_in_statement: z.array(
      z.object({ receipt: z.string(), amount: centsSchema, recorded_at: z.string() }),
    ),
    mismatched: z.array(
      z.object({ receipt: z.string(), statement_amount: centsSchema, shop_amount: centsSchema }),
    ),
    lines: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: 'StatementReconciliation' });
export type StatementReconciliation = z.infer<typeof statementReconciliationSchema>;

export const c2bRegistrationSchema = z
  .object({
    status: z.enum(['registered', 'failed', 'not registered', 'sandbox']),
    message: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    registeredAt: z.string().nullable(),
  })
  .meta({ id: 'C2bRegistration' });
export type C2bRegistration = z.infer<typeof c2bRegistrationSchema>;

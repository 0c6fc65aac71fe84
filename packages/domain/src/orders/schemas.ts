import { z } from 'zod';
import { centsSchema, pagingQuery } from '../common/schemas.ts';
import { ORDER_STATUSES } from './lifecycle.ts';
import { moneySchema } from '../payments/money-state.ts';
import { refundSchema } from '../payments/refund-schemas.ts';

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  title: z.string(),
  variant_id: z.number().int().nullable().describe('The size or colour sold (issue 21)'),
  variant: z.string().describe("The variant's title as sold, '42 / Black'; '' without options"),
  image: z.string(),
  /** Unit price actually paid (after discount), cents. */
  price: centsSchema,
  quantity: z.number().int(),
  subtotal: centsSchema,
});

/** Where a pickup order waits for its shopper, as it was when the order was made. */
export const pickupPlaceSchema = z.object({
  name: z.string(),
  address: z.string(),
  opening_hours: z.string(),
});

/** One status an order took, and when (issue 22). */
export const timelineEntrySchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  /** A shipment's courier and tracking number; how money was collected. */
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /api/track: an order's number and the phone on it → its timeline, and nothing else. */
export const trackQuerySchema = z
  .object({
    order: z.coerce
      .number({ error: 'Enter your order number.' })
      .int('Enter your order number.')
      .positive('Enter your order number.')
      .max(2_147_483_647, 'Enter your order number.'),
    phone: z.string().trim().min(1, 'Enter the phone number on the order.').max(30),
  })
  .strict();
export const trackedOrderSchema = z
  .object({
    order_id: z.number().int(),
    status: orderStatusSchema,
    timeline: z.array(timelineEntrySchema.omit({ note: true })),
  })
  .meta({ id: 'TrackedOrder' });
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** A promotion the order got (issue 36), as it was when the order was made. */
export const orderDiscountSchema = z.object({
  name: z.string(),
  code: z.string().nullable().describe('The coupon code; null for an automatic promotion'),
  amount: centsSchema,
});

/** An order as its shopper sees it in Order History (SPEC §3 "Order (own list)" and more). */
export const orderSchema = z
  .object({
    id: z.number().int(),
    order_date: z.string(),
    status: orderStatusSchema,
    shipping_address: z.string(),
    payment_method: z.string(),
    order_total: centsSchema,
    items: z.array(orderItemSchema),
    /** The promotions it got, in the order they were applied (issue 36). */
    discounts: z.array(orderDiscountSchema),
    discount_total: centsSchema.describe(
      'What promotions took off items and delivery: order_total is after it',
    ),
    /** What it costs now, what came in and went back, and the state that follows (issue 34). */
    money: moneySchema,
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** One order with everything /ordercomplete shows. */
export const orderDetailSchema = orderSchema
  .extend({
    item_count: z.number().int(),
    items_total: centsSchema,
    shipping: centsSchema,
    vat: centsSchema,
    shipping_name: z.string(),
    street_address: z.string(),
    apartment_number: z.string().nullable(),
    city: z.string(),
    zip_code: z.string(),
    email: z.string(),
    phone_number: z.string(),
    paid_at: z.string().nullable(),
    transaction_id: z.string().nullable(),
    payer_id: z.string().nullable(),
    settlement: z
      .object({ currency: z.string(), amount_minor: z.number().int(), rate: z.string().nullable() })
      .nullable(),
    expected_delivery: z.object({ from: z.string(), to: z.string() }).nullable(),
    delivery: z.enum(['home', 'pickup']),
    county: z.string().nullable(),
    pickup_point: pickupPlaceSchema.nullable(),
    courier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    timeline: z.array(timelineEntrySchema),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderListQuerySchema = z.object(pagingQuery(10, 50)).strict();

/** GET /api/admin/orders/{id}: everything to pack, ship and answer questions about one order. */
export const adminOrderDetailSchema = orderDetailSchema
  .omit({ timeline: true })
  .extend({
    user_email: z.string(),
    username: z.string(),
    next_statuses: z.array(orderStatusSchema),
    collectable: z.boolean(),
    items: z.array(orderItemSchema.extend({ sku: z.string().nullable() })),
    payments: z.array(
      z.object({
        id: z.number().int(),
        method: z.string(),
        status: z.string(),
        amount: centsSchema,
        /** What came in on it so far (a Paybill payment adds up in parts). */
        received: centsSchema,
        /** Came in over what it asked: due back. */
        overpaid: centsSchema,
        transaction_id: z.string().nullable(),
        created_at: z.string(),
        captured_at: z.string().nullable(),
      }),
    ),
    /** Money given back from this order, oldest first. */
    refunds: z.array(refundSchema),
    timeline: z.array(timelineEntrySchema.extend({ by: z.string().nullable() })),
    /** A business buyer's KRA PIN and name, which its tax invoice carries. */
    tax_invoice_for: z
      .object({ kra_pin: z.string(), business_name: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

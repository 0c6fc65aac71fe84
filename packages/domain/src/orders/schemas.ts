import { z } from 'zod';
import { centsSchema, pagingQuery } from '../common/schemas.ts';
import { ORDER_STATUSES } from './lifecycle.ts';

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** Unit price actually paid (after discount), cents. */
  price: centsSchema,
  quantity: z.number().int(),
  subtotal: centsSchema,
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
    pickup_point: z
      .object({ name: z.string(), address: z.string(), opening_hours: z.string() })
      .nullable(),
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

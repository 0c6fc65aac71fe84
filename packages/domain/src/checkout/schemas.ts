import { z } from 'zod';
import { centsSchema } from '../common/schemas.ts';

const required = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Checkout step 1 as the form holds it (SPEC §2.11). */
export const shippingFormSchema = z.object({
  firstName: required('First name', 60),
  lastName: required('Last name', 60),
  street_address: required('Street address', 160),
  apartment_number: z.string().trim().max(60, 'Apartment number is too long').optional(),
  city: required('City', 80),
  zip_code: required('Zip code', 20).regex(/^[A-Za-z0-9 -]+$/, 'Enter a valid zip code'),
});
export type ShippingForm = z.input<typeof shippingFormSchema>;

/** POST /api/shipping (SPEC §3: first and last name joined by a space). */
export const shippingSchema = z.object({
  name: required('Name', 121),
  street_address: required('Street address', 160),
  apartment_number: z.string().trim().max(60).optional().nullable(),
  city: required('City', 80),
  zip_code: required('Zip code', 20).regex(/^[A-Za-z0-9 -]+$/, 'Enter a valid zip code'),
});
export type ShippingInput = z.infer<typeof shippingSchema>;

/** POST /api/payment: checkout step 2. */
export const paymentInfoSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email('Invalid email'))
    .transform((e) => e.toLowerCase()),
});
export type PaymentInfoInput = z.input<typeof paymentInfoSchema>;

export const checkoutDetailsSchema = z.object({
  name: z.string().nullable(),
  street_address: z.string().nullable(),
  apartment_number: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  email: z.string().nullable(),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** What step 3 shows, computed by the server from the cart. */
export const checkoutSummaryLineSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  lineTotalCents: centsSchema.describe('Display price after discount, times the quantity'),
});

export const checkoutSummarySchema = z
  .object({
    lines: z.array(checkoutSummaryLineSchema),
    expectedDelivery: z
      .object({ from: z.string(), to: z.string() })
      .describe('Nairobi dates (yyyy-mm-dd) an order paid now should arrive between'),
    itemCount: z.number().int(),
    itemsCents: centsSchema,
    shippingCents: centsSchema,
    beforeTaxCents: centsSchema,
    vatCents: centsSchema,
    totalCents: centsSchema,
  })
  .meta({ id: 'CheckoutSummary' });
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

export const createPaymentResponseSchema = z.object({
  payment_link: z.string(),
  order_id: z.number().int(),
  paymentId: z.string(),
});

export const executePaymentQuerySchema = z.object({
  paymentId: z.string().trim().min(1, 'paymentId is required').max(200),
  PayerID: z.string().trim().min(1, 'PayerID is required').max(200),
});

export const cancelPaymentSchema = z.object({
  paymentId: z.string().trim().min(1).max(200),
});

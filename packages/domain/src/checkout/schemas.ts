import { z } from 'zod';
import { centsSchema, int32, int32FromText } from '../common/schemas.ts';
import { DELIVERY_MESSAGES } from '../delivery/messages.ts';
import { countyCodeSchema } from '../delivery/schemas.ts';
import { normaliseKenyanMobile } from '../payments/phone.ts';
import { MPESA_MESSAGES } from '../payments/messages.ts';

const required = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const zipCode = z
  .string()
  .trim()
  .max(20, 'Zip code is too long')
  .regex(/^[A-Za-z0-9 -]*$/, 'Enter a valid zip code');

/** A phone to reach the shopper about the delivery: a Kenyan mobile number, kept as 2547…. */
const deliveryPhone = z
  .string({ error: MPESA_MESSAGES.invalidPhone })
  .max(30, MPESA_MESSAGES.invalidPhone)
  .transform((value, ctx) => {
    const phone = normaliseKenyanMobile(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: MPESA_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

export const DELIVERY_KINDS = ['home', 'pickup'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * A zip code is needed only where no county says where the parcel goes (the specification's form);
 * a pickup point needs its id.
 */
function deliveryRules(
  v: {
    zip_code?: string | null | undefined;
    county?: string | null | undefined;
    delivery?: DeliveryKind | undefined;
    pickup_point_id?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const pickup = v.delivery === 'pickup';
  if (!v.zip_code && !v.county && !pickup) {
    ctx.addIssue({ code: 'custom', message: 'Zip code is required', path: ['zip_code'] });
  }
  if (pickup && !v.pickup_point_id) {
    ctx.addIssue({
      code: 'custom',
      message: DELIVERY_MESSAGES.choosePickupPoint,
      path: ['pickup_point_id'],
    });
  }
}

/** The delivery rules run even while other fields fail, so every mistake is named at once. */
const whileOtherFieldsFail = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** Checkout step 1 as the form holds it (SPEC §2.11, with issue 22's county and delivery). */
export const shippingFormSchema = z
  .object({
    firstName: required('First name', 60),
    lastName: required('Last name', 60),
    street_address: required('Street address', 160),
    apartment_number: z.string().trim().max(60, 'Apartment number is too long').optional(),
    county: z.string().optional(),
    city: required('Town / area', 80),
    zip_code: zipCode.optional(),
    phone: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || normaliseKenyanMobile(v) !== null, MPESA_MESSAGES.invalidPhone),
    delivery: z.enum(DELIVERY_KINDS).optional(),
    pickup_point_id: z.string().optional(),
  })
  .superRefine(
    (v, ctx) =>
      deliveryRules(
        { ...v, pickup_point_id: v.pickup_point_id ? Number(v.pickup_point_id) : null },
        ctx,
      ),
    whileOtherFieldsFail,
  );
export type ShippingForm = z.input<typeof shippingFormSchema>;

/**
 * POST /api/shipping: SPEC §3's payload (first and last name joined by a space), plus, optionally,
 * the county (code or name), a phone, and home delivery or a pickup point (issue 22).
 */
export const shippingSchema = z
  .object({
    name: required('Name', 121),
    street_address: required('Street address', 160),
    apartment_number: z.string().trim().max(60).optional().nullable(),
    city: required('City', 80),
    zip_code: zipCode.optional().nullable(),
    county: countyCodeSchema.optional().nullable(),
    phone: deliveryPhone.optional().nullable(),
    delivery: z.enum(DELIVERY_KINDS).optional(),
    pickup_point_id: int32(DELIVERY_MESSAGES.unknownPickupPoint)
      .positive(DELIVERY_MESSAGES.unknownPickupPoint)
      .optional()
      .nullable(),
  })
  .superRefine(deliveryRules, whileOtherFieldsFail);
export type ShippingInput = z.input<typeof shippingSchema>;

export const TAX_INVOICE_MESSAGES = {
  invalidPin: 'Enter a KRA PIN like P051234567X',
  pinForBusiness: "Enter the business's KRA PIN too",
} as const;

/** A KRA PIN: A (a person) or P (a company), nine digits and a letter. Blank: none. */
export const kraPinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[AP]\d{9}[A-Z]$/.test(v), TAX_INVOICE_MESSAGES.invalidPin)
  .nullish()
  .transform((v) => v || null);

/**
 * POST /api/payment: checkout step 2. A business buyer may add its KRA PIN (and name): the tax
 * invoice then carries them, so the business can claim the VAT back.
 */
export const paymentInfoSchema = z
  .object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254)
      .pipe(z.email('Invalid email'))
      .transform((e) => e.toLowerCase()),
    kra_pin: kraPinSchema,
    business_name: z
      .string()
      .trim()
      .max(100, 'Business name is too long')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.business_name && !v.kra_pin) {
      ctx.addIssue({
        code: 'custom',
        path: ['kra_pin'],
        message: TAX_INVOICE_MESSAGES.pinForBusiness,
      });
    }
  }, whileOtherFieldsFail);
export type PaymentInfoInput = z.input<typeof paymentInfoSchema>;

export const checkoutDetailsSchema = z.object({
  name: z.string().nullable(),
  street_address: z.string().nullable(),
  apartment_number: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  email: z.string().nullable(),
  county: z.string().nullable().describe("The county's code"),
  phone: z.string().nullable(),
  delivery: z.enum(DELIVERY_KINDS),
  pickup_point_id: z.number().int().nullable(),
  kra_pin: z.string().nullable(),
  business_name: z.string().nullable(),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** What step 3 shows, computed by the server from the cart. */
export const checkoutSummaryLineSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  lineTotalCents: centsSchema.describe('Display price after discount, times the quantity'),
});

/** What a discount comes off: the items, or the delivery fee (issue 36). */
export const DISCOUNT_TARGETS = ['items', 'delivery'] as const;
export type DiscountTarget = (typeof DISCOUNT_TARGETS)[number];

/** A promotion applied to the order, as the summary lists it. */
export const summaryDiscountSchema = z.object({
  name: z.string(),
  code: z.string().nullable().describe('The coupon code; null for an automatic promotion'),
  amountCents: centsSchema,
  on: z
    .enum(DISCOUNT_TARGETS)
    .describe("What it comes off: the items, or the delivery fee ('free or cheaper delivery')"),
});
export type SummaryDiscount = z.infer<typeof summaryDiscountSchema>;

/**
 * GET /api/checkout/summary's optional delivery choice: the cart priced as if delivered so (checkout
 * step 1 shows the fee and any delivery discount for the county or point as it is chosen, before it
 * is saved). Nothing is saved; without `delivery` the saved choice prices it.
 */
export const summaryQuerySchema = z
  .object({
    delivery: z.enum(DELIVERY_KINDS).optional(),
    county: countyCodeSchema.optional(),
    pickup_point_id: int32FromText(DELIVERY_MESSAGES.unknownPickupPoint)
      .positive(DELIVERY_MESSAGES.unknownPickupPoint)
      .optional(),
  })
  .strict();
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

export const checkoutSummarySchema = z
  .object({
    lines: z.array(checkoutSummaryLineSchema),
    expectedDelivery: z
      .object({ from: z.string(), to: z.string() })
      .describe('Nairobi dates (yyyy-mm-dd) an order paid now should arrive between'),
    deliveryDays: z
      .object({ min: z.number().int(), max: z.number().int() })
      .describe('Working days to deliver after processing, for the chosen county or point'),
    pricesIncludeVat: z
      .boolean()
      .describe('Shelf prices include VAT: vatCents is contained in the total, not added to it'),
    itemCount: z.number().int(),
    itemsCents: centsSchema,
    shippingCents: centsSchema,
    beforeTaxCents: centsSchema,
    vatCents: centsSchema,
    totalCents: centsSchema.describe(
      'Items less their discounts, plus delivery less its discount (plus VAT when added on top)',
    ),
    discounts: z
      .array(summaryDiscountSchema)
      .describe('The promotions applied, by name, in the order they were applied (issue 36)'),
    discountTotalCents: centsSchema.describe('What the promotions take off items and delivery'),
    coupon: z
      .object({
        code: z.string(),
        message: z
          .string()
          .nullable()
          .describe(
            "Why the cart's code gives nothing now ('This code has expired.'); null when it applies",
          ),
      })
      .nullable()
      .describe('The coupon code the cart carries (POST /api/cart/coupon); null when none'),
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

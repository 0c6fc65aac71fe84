// Delivery across Kenya (issue 22): what each county costs and takes, the pickup points, and the
// bad input the shop refuses. Fees travel in whole shillings, as a merchant types them.
import { z } from 'zod';
import { int32, int32FromText } from '../common/schemas.ts';
import { acceptingReadOnly } from '../common/read-only.ts';
import { countyCodeOf, type CountyCode } from './counties.ts';
import { DELIVERY_MESSAGES } from './messages.ts';
import { MPESA_MESSAGES } from '../payments/messages.ts';
import { normaliseKenyanMobile } from '../payments/phone.ts';

/** The highest delivery fee (and pay-on-delivery limit) a merchant may set, in shillings. */
export const MAX_DELIVERY_FEE = 100_000;
export const MAX_PAY_ON_DELIVERY = 10_000_000;
/** Working days a county's delivery may take at most. */
export const MAX_DELIVERY_DAYS = 60;

/** A county as the shop and its shoppers see it: GET /api/delivery/counties. */
export const deliveryCountySchema = z
  .object({
    code: z.string().describe("The county's official code, 001 Mombasa … 047 Nairobi City"),
    name: z.string(),
    fee: z.number().int().describe('Delivery fee, shillings'),
    eta_min_days: z.number().int().describe('Working days to deliver, at least (after processing)'),
    eta_max_days: z.number().int().describe('Working days to deliver, at most'),
    pay_on_delivery: z.boolean(),
    pay_on_delivery_max: z
      .number()
      .int()
      .nullable()
      .describe('Largest order total (shillings) paid on delivery; null for no limit'),
  })
  .meta({ id: 'DeliveryCounty' });
export type DeliveryCounty = z.infer<typeof deliveryCountySchema>;

/** A code ('047', '47') or a name ('Nairobi'), read as the county's code. */
export const countyCodeSchema = z
  .string({ error: DELIVERY_MESSAGES.unknownCounty })
  .max(60, DELIVERY_MESSAGES.unknownCounty)
  .transform((value, ctx): CountyCode => {
    const code = countyCodeOf(value);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.unknownCounty });
      return z.NEVER;
    }
    return code;
  });

const fee = int32(DELIVERY_MESSAGES.feeRange)
  .min(0, DELIVERY_MESSAGES.feeRange)
  .max(MAX_DELIVERY_FEE, DELIVERY_MESSAGES.feeRange);
const days = int32(DELIVERY_MESSAGES.daysRange)
  .min(0, DELIVERY_MESSAGES.daysRange)
  .max(MAX_DELIVERY_DAYS, DELIVERY_MESSAGES.daysRange);

/** What a merchant may change about a county; what is left out stays as it is. */
const countyChanges = {
  fee: fee.optional(),
  eta_min_days: days.optional(),
  eta_max_days: days.optional(),
  pay_on_delivery: z.boolean().optional(),
  pay_on_delivery_max: int32(DELIVERY_MESSAGES.payOnDeliveryMax)
    .min(1, DELIVERY_MESSAGES.payOnDeliveryMax)
    .max(MAX_PAY_ON_DELIVERY, DELIVERY_MESSAGES.payOnDeliveryMax)
    .nullable()
    .optional(),
};

const minNotAboveMax = (v: { eta_min_days?: number; eta_max_days?: number }) =>
  v.eta_min_days === undefined || v.eta_max_days === undefined || v.eta_min_days <= v.eta_max_days;
const minAboveMaxIssue = { message: DELIVERY_MESSAGES.minAboveMax, path: ['eta_min_days'] };

/** PATCH /api/admin/delivery/counties/{code}; a county as GET gives it (code, name ignored). */
export const countyUpdateSchema = acceptingReadOnly(z.object(countyChanges).strict(), [
  'code',
  'name',
]).refine(minNotAboveMax, minAboveMaxIssue);
export type CountyUpdate = z.infer<typeof countyUpdateSchema>;

/** PATCH /api/admin/delivery/counties: the same changes to several counties at once. */
export const countyBulkUpdateSchema = z
  .object({
    codes: z.array(countyCodeSchema).min(1, DELIVERY_MESSAGES.chooseCounties).max(47),
    ...countyChanges,
  })
  .strict()
  .refine(minNotAboveMax, minAboveMaxIssue);
export type CountyBulkUpdate = z.infer<typeof countyBulkUpdateSchema>;

export const countyCodeParamSchema = z.object({ code: countyCodeSchema });

/** A pickup point: GET /api/delivery/pickup-points and the admin's list. */
export const pickupPointSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    county_code: z.string(),
    county: z.string(),
    address: z.string(),
    opening_hours: z.string(),
    fee: z.number().int().describe('Shillings'),
    active: z.boolean(),
    eta_min_days: z.number().int().describe("The point's county's delivery time"),
    eta_max_days: z.number().int(),
  })
  .meta({ id: 'PickupPoint' });
export type PickupPoint = z.infer<typeof pickupPointSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** POST /api/admin/pickup-points (PATCH takes any part of it). */
export const pickupPointInputSchema = z
  .object({
    name: text('Name', 120),
    county_code: countyCodeSchema,
    address: text('Address', 300),
    opening_hours: text('Opening hours', 200),
    fee,
    active: z.boolean().default(true),
  })
  .strict();
export type PickupPointInput = z.input<typeof pickupPointInputSchema>;

/** PATCH takes a point as GET gives it: its id, county name and delivery days are ignored. */
export const pickupPointPatchSchema = acceptingReadOnly(pickupPointInputSchema.partial().strict(), [
  'id',
  'county',
  'eta_min_days',
  'eta_max_days',
]).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: DELIVERY_MESSAGES.nothingToChange,
});

export const pickupPointQuerySchema = z.object({ county: countyCodeSchema.optional() }).strict();
export const pickupPointIdParamSchema = z.object({ id: int32FromText().positive() });

/** POST /api/admin/orders/{id}/collect: the money of an order paid on delivery came in. */
export const collectionSchema = z
  .object({
    method: z.enum(['cash', 'mpesa'], { error: 'Choose cash or M-Pesa.' }),
    /** The M-Pesa code, or the courier's cash receipt number. */
    reference: z.string().trim().max(60, 'The reference is too long').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.method === 'mpesa' && v.reference && !/^[A-Za-z0-9]{10}$/.test(v.reference)) {
      ctx.addIssue({
        code: 'custom',
        message: 'An M-Pesa code is ten letters and digits, such as QGR7K2M9XP.',
        path: ['reference'],
      });
    }
  });
export type Collection = z.infer<typeof collectionSchema>;

// ---------------------------------------------------------------- saved addresses

/** At most this many saved addresses per shopper. */
export const MAX_SAVED_ADDRESSES = 20;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is too long`).optional().nullable();

/** POST /api/addresses (PATCH takes any part of it). */
export const addressInputSchema = z
  .object({
    name: text('Name', 121),
    street_address: text('Street address', 160),
    apartment_number: optionalText('Apartment number', 60),
    city: text('Town / area', 80),
    zip_code: z
      .string()
      .trim()
      .max(20, 'Zip code is too long')
      .regex(/^[A-Za-z0-9 -]*$/, 'Enter a valid zip code')
      .optional()
      .nullable(),
    county: countyCodeSchema.optional().nullable(),
    phone: z
      .string()
      .max(30, MPESA_MESSAGES.invalidPhone)
      .transform((value, ctx) => {
        const phone = normaliseKenyanMobile(value);
        if (phone === null) {
          ctx.addIssue({ code: 'custom', message: MPESA_MESSAGES.invalidPhone });
          return z.NEVER;
        }
        return phone;
      })
      .optional()
      .nullable(),
    is_default: z.boolean().optional(),
  })
  .strict();
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressPatchSchema = addressInputSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: DELIVERY_MESSAGES.nothingToChange });

export const addressSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    street_address: z.string(),
    apartment_number: z.string().nullable(),
    city: z.string(),
    zip_code: z.string().nullable(),
    county: z.string().nullable().describe("The county's code"),
    phone: z.string().nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

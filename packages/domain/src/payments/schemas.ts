import { z } from 'zod';
import { MPESA_MESSAGES } from './messages.ts';
import { normaliseKenyanMobile } from './phone.ts';

/** M-Pesa by prompt, M-Pesa from the menu (Paybill or Till), PayPal. */
export const PAYMENT_METHODS = ['mpesa', 'mpesa_paybill', 'paypal', 'pay_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An M-Pesa receipt as the shopper reads it in the SMS: ten letters and digits. */
export const mpesaCodeSchema = z
  .string({ error: MPESA_MESSAGES.invalidCode })
  .trim()
  .transform((code) => code.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, MPESA_MESSAGES.invalidCode));

/** A Kenyan mobile number in any of the accepted forms, normalised to 2547XXXXXXXX. */
export const mpesaPhoneSchema = z
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

/**
 * POST /api/create-payment. Without `method` it starts the redirect provider (PayPal or its
 * sandbox), as before; `order_total` and anything else SPEC §7's client sends is ignored.
 */
export const createPaymentBodySchema = z
  .object({
    method: z.enum(PAYMENT_METHODS).optional(),
    phone: mpesaPhoneSchema.optional(),
    /** Pay this open order of yours again (another way, or after a failed prompt). */
    order_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .loose()
  .optional();

/** What the shopper enters in the M-Pesa menu to pay the shop's Paybill or Till. */
export const paybillSchema = z.object({
  kind: z.enum(['paybill', 'till']),
  /** The Paybill's business number, or the Till number. */
  business_number: z.string(),
  /** The order number: the account number of a Paybill payment (a Till has none). */
  account_number: z.string(),
  /** Whole shillings still to pay. */
  amount: z.number().int(),
});
export type Paybill = z.infer<typeof paybillSchema>;

/**
 * 202 from POST /api/create-payment with method 'mpesa' (the push was sent) or 'mpesa_paybill'
 * (what to enter in the M-Pesa menu).
 */
export const mpesaStartedSchema = z
  .object({
    order_id: z.number().int(),
    paymentId: z.string(),
    status: z.literal('pending'),
    /** The built-in M-Pesa sandbox's simulated phone, when no Daraja credentials are set. */
    sandbox_phone_url: z.string().optional(),
    paybill: paybillSchema.optional(),
    /** Confirmed to be paid on delivery: nothing to pay now. */
    pay_on_delivery: z.literal(true).optional(),
  })
  .meta({ id: 'MpesaStarted' });
export type MpesaStarted = z.infer<typeof mpesaStartedSchema>;

/** GET /api/payments/{paymentId}: where a payment stands, for the shopper who is paying. */
export const paymentStatusSchema = z
  .object({
    status: z.enum(['pending', 'paid', 'failed']),
    method: z.enum(PAYMENT_METHODS),
    order_id: z.number().int(),
    amount: z.number().int().describe('Kenyan shillings × 100 (cents)'),
    /** The M-Pesa receipt number, or 'to be confirmed' while only the query API said paid. */
    receipt: z.string().optional(),
    /** Why it failed, for the shopper. */
    message: z.string().optional(),
    sandbox_phone_url: z.string().optional(),
    /** Paybill and Till: what to enter, and what has come in so far (cents). */
    paybill: paybillSchema.optional(),
    received: z.number().int().optional(),
    /** Paid in more than the order's total: this much is due back (cents). */
    overpaid: z.number().int().optional(),
  })
  .meta({ id: 'PaymentStatus' });

/** POST /api/payments/{paymentId}/mpesa-code: the code of a Till payment, from the SMS. */
export const mpesaCodeBodySchema = z.object({ code: mpesaCodeSchema });
export type PaymentStatusView = z.infer<typeof paymentStatusSchema>;

/**
 * GET /api/payments/methods: how this shop takes payment, in the order checkout offers them. The
 * checkout's buttons and the pages that explain paying (M-Pesa, PayPal, FAQ, privacy) read it.
 */
export const paymentMethodsSchema = z
  .object({
    methods: z.array(
      z.object({
        method: z.enum(PAYMENT_METHODS),
        /** As people see it: 'M-Pesa', 'M-Pesa Paybill', 'M-Pesa Till', 'PayPal'. */
        label: z.string(),
        /** A request to the phone, the M-Pesa menu, or the provider's own page. */
        kind: z.enum(['prompt', 'paybill', 'till', 'redirect', 'on_delivery']),
        /** Paybill or Till: the number to pay. */
        business_number: z.string().optional(),
        /** True for the built-in sandboxes: no real money moves. */
        sandbox: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

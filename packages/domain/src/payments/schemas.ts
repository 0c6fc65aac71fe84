import { z } from 'zod';
import { MPESA_MESSAGES } from './messages.ts';
import { normaliseKenyanMobile } from './phone.ts';

export const PAYMENT_METHODS = ['mpesa', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

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
  })
  .loose()
  .optional();

/** 202 from POST /api/create-payment with method 'mpesa': the push was sent. */
export const mpesaStartedSchema = z
  .object({
    order_id: z.number().int(),
    paymentId: z.string(),
    status: z.literal('pending'),
    /** The built-in M-Pesa sandbox's simulated phone, when no Daraja credentials are set. */
    sandbox_phone_url: z.string().optional(),
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
  })
  .meta({ id: 'PaymentStatus' });
export type PaymentStatusView = z.infer<typeof paymentStatusSchema>;

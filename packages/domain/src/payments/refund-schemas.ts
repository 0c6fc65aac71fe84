// Refunds in the API (decision record 029): amounts in cents, like the rest of the order API.
import { z } from 'zod';
import { centsSchema } from '../common/schemas.ts';

export const REFUND_STATUSES = ['requested', 'sent', 'confirmed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundSchema = z
  .object({
    id: z.number().int(),
    amount: centsSchema,
    status: z.enum(REFUND_STATUSES),
    /** 'paypal', 'mpesa' (B2C), 'cash' or 'manual' (made by hand). */
    method: z.string(),
    kind: z.enum(['goods', 'money']),
    reason: z.string(),
    /** The provider's reference of the money sent back, once confirmed. */
    reference: z.string().nullable(),
    /** The provider's words when it failed. */
    failure: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/** POST /api/admin/orders/{id}/refunds. */
export const refundRequestSchema = z
  .object({
    amount: z
      .number({ error: 'Enter the amount to refund, in cents.' })
      .int('Enter the amount to refund, in cents.')
      .positive('A refund is more than nothing.')
      .max(100_000_000_00, 'That is more than any order.'),
    reason: z
      .string({ error: 'Say why the money goes back.' })
      .trim()
      .min(1, 'Say why the money goes back.')
      .max(200, 'Keep the reason under 200 characters.'),
    return_id: z.number().int().positive().max(2_147_483_647).optional(),
    /** The payment to refund; by default the one holding the most. */
    payment_id: z.number().int().positive().max(2_147_483_647).optional(),
    /** Given back by hand (cash, a transfer): its reference; recorded as confirmed. */
    reference: z.string().trim().min(1).max(60).optional(),
  })
  .strict();
export type RefundBody = z.infer<typeof refundRequestSchema>;

/** POST /api/admin/mpesa/unmatched/{transId}/refund: all of it by default, in cents. */
export const unmatchedRefundSchema = z
  .object({
    amount: refundRequestSchema.shape.amount.optional(),
    reason: refundRequestSchema.shape.reason,
    /** Given back by hand: its reference; recorded as confirmed. */
    reference: refundRequestSchema.shape.reference,
  })
  .strict();
export type UnmatchedRefundBody = z.infer<typeof unmatchedRefundSchema>;

/** POST /api/admin/mpesa/unmatched/{transId}/close: why it needs nothing more. */
export const unmatchedCloseSchema = z
  .object({
    note: z
      .string({ error: 'Say why this payment needs nothing more.' })
      .trim()
      .min(1, 'Say why this payment needs nothing more.')
      .max(200, 'Keep the note under 200 characters.'),
  })
  .strict();

// Returns and exchanges in the API (issue 34, decision record 029): a shopper asks to return some
// lines of a delivered order for a refund or for another size or colour of the same product; the
// admin approves or refuses it (with a note the shopper sees) and marks the goods received. Amounts
// in cents, like the rest of the order API.
import { z } from 'zod';
import { centsSchema, int32FromText, pagingQuery } from '../common/schemas.ts';
import { REFUND_STATUSES } from '../payments/refund-schemas.ts';
import { orderStatusSchema } from './schemas.ts';

export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_RESOLUTIONS = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/** A return's state in words, for the shopper and the back office. */
export const RETURN_STATUS_WORDS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
};

export const RETURN_MESSAGES = {
  noLines: 'Choose at least one item to return.',
  quantity: 'Return at least one of each item you choose.',
  reason: 'Tell us why you are returning it.',
  reasonLong: 'Keep the reason under 500 characters.',
  exchangeVariant: 'Choose the size or colour you want instead.',
  exchangeOnlyForExchange: 'Only an exchange names another size or colour.',
  refuseNote: 'Say why the return is refused: the shopper reads it.',
  noteLong: 'Keep the note under 500 characters.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);

/** POST /api/orders/{id}/returns. */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            product_id: id,
            /** The size or colour bought; needed only when the order holds several of the product. */
            variant_id: id.optional(),
            quantity: z
              .number({ error: RETURN_MESSAGES.quantity })
              .int(RETURN_MESSAGES.quantity)
              .min(1, RETURN_MESSAGES.quantity)
              .max(1000, RETURN_MESSAGES.quantity),
          })
          .strict(),
        { error: RETURN_MESSAGES.noLines },
      )
      .min(1, RETURN_MESSAGES.noLines)
      .max(50, RETURN_MESSAGES.noLines),
    reason: z
      .string({ error: RETURN_MESSAGES.reason })
      .trim()
      .min(1, RETURN_MESSAGES.reason)
      .max(500, RETURN_MESSAGES.reasonLong),
    resolution: z.enum(RETURN_RESOLUTIONS, { error: 'Choose a refund or an exchange.' }),
    /** An exchange: the variant wanted instead (another size or colour of the same product). */
    exchange_variant_id: id.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.resolution === 'exchange' && body.exchange_variant_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['exchange_variant_id'],
        message: RETURN_MESSAGES.exchangeVariant,
      });
    }
    if (body.resolution === 'refund' && body.exchange_variant_id !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['exchange_variant_id'],
        message: RETURN_MESSAGES.exchangeOnlyForExchange,
      });
    }
  });
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  title: z.string(),
  /** The variant's title as sold, '42 / Black'; '' without options. */
  variant: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** Once received: whether it went back to stock. */
  restocked: z.boolean().nullable(),
});

export const returnSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    status: z.enum(RETURN_STATUSES),
    resolution: z.enum(RETURN_RESOLUTIONS),
    reason: z.string(),
    /** The shop's note to the shopper (why it was refused…). */
    note: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    received_at: z.string().nullable(),
    lines: z.array(returnLineSchema),
    /** What the returned lines are worth: a refund gives this back. */
    value: centsSchema,
    exchange: z
      .object({
        variant_id: z.number().int(),
        variant: z.string(),
        /**
         * What the exchange costs: above 0 the shopper pays it, below 0 it is refunded, 0: no
         * charge.
         */
        difference: z.number().int(),
        /** The replacement order, once the returned goods arrived. */
        order_id: z.number().int().nullable(),
      })
      .nullable(),
    /** The money given back for it (a refund, or a cheaper exchange's difference), newest first. */
    refunds: z.array(
      z.object({
        id: z.number().int(),
        amount: centsSchema,
        status: z.enum(REFUND_STATUSES),
        reference: z.string().nullable(),
        /** The provider's words when it failed. */
        failure: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Return' });
export type Return = z.infer<typeof returnSchema>;

/** A line of a delivered order as the return form offers it. */
export const returnableLineSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  title: z.string(),
  variant: z.string(),
  image: z.string(),
  /** Unit price paid, cents. */
  price: centsSchema,
  bought: z.number().int(),
  /** Units that may still be returned (bought less those already being returned). */
  returnable: z.number().int(),
  /** The last day it may be returned (Nairobi); null when it cannot be returned at all. */
  return_by: z.string().nullable(),
  /** Other sizes or colours of the product, for an exchange. */
  exchange_options: z.array(
    z.object({
      variant_id: z.number().int(),
      variant: z.string(),
      price: centsSchema,
      in_stock: z.boolean(),
    }),
  ),
});
export type ReturnableLine = z.infer<typeof returnableLineSchema>;

/** GET /api/orders/{id}/returns. */
export const orderReturnsSchema = z
  .object({
    returns: z.array(returnSchema),
    /** The lines that can be returned today (empty when none can). */
    returnable: z.array(returnableLineSchema),
    /** This order replaces goods returned from another (an exchange). */
    exchange_for: z.object({ order_id: z.number().int(), return_id: z.number().int() }).nullable(),
  })
  .meta({ id: 'OrderReturns' });
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

export const adminReturnSchema = returnSchema
  .extend({
    customer_name: z.string(),
    customer_email: z.string(),
    order_status: orderStatusSchema,
    /** Received, and money still to ask for (an earlier ask could not be made): cents. */
    refund_owed: centsSchema,
    /** Answering a change: why its refund could not be asked for (nothing was sent). */
    refund_error: z.string().nullable(),
  })
  .meta({ id: 'AdminReturn' });
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnPageSchema = z.object({
  returns: z.array(adminReturnSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type AdminReturnPage = z.infer<typeof adminReturnPageSchema>;

export const adminReturnListQuerySchema = z
  .object({
    ...pagingQuery(10, 100),
    status: z.enum(RETURN_STATUSES).optional(),
    order_id: int32FromText().positive().optional(),
  })
  .strict();

/** PATCH /api/admin/returns/{id}. */
export const returnUpdateSchema = z
  .object({
    status: z.enum(['approved', 'refused', 'received']),
    /** Shown to the shopper; required to refuse. */
    note: z.string().trim().max(500, RETURN_MESSAGES.noteLong).optional(),
    /**
     * Received: which lines go back to stock — all (true, the default), none (false), or the ids
     * of those that do.
     */
    restock: z.union([z.boolean(), z.array(id).max(50)]).optional(),
    /** Received, refunded by hand (cash, a transfer): the refund's reference. */
    refund_reference: z.string().trim().min(1).max(60).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.status === 'refused' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: RETURN_MESSAGES.refuseNote });
    }
  });
export type ReturnUpdate = z.infer<typeof returnUpdateSchema>;

// The tax invoice's API (issue 23): the shopper's receipt and the back office's Invoices screen.
// Amounts are cents, like every other amount on the wire.
import { z } from 'zod';
import { centsSchema, int32FromText, pagingQuery } from '../common/schemas.ts';
import { TAX_TYPES } from './tax-types.ts';

export const INVOICE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const controlUnitSchema = z.object({
  sdc_id: z.string(),
  mrc_no: z.string(),
  receipt_no: z.number().int(),
  total_receipt_no: z.number().int(),
  internal_data: z.string(),
  signature: z.string(),
  signed_at: z.string(),
  /** KRA's verification address the QR code encodes. */
  qr_url: z.string(),
  /** The QR code, drawn as SVG. */
  qr_svg: z.string(),
});

export const receiptSchema = z
  .object({
    order_id: z.number().int(),
    kind: z.enum(['S', 'R']),
    status: z.enum(INVOICE_STATUSES),
    /** Signed by the built-in sandbox: 'SANDBOX — NOT A TAX INVOICE'. */
    sandbox: z.boolean(),
    trader_name: z.string(),
    pin: z.string(),
    branch: z.string(),
    invoice_no: z.number().int(),
    original_invoice_no: z.number().int().nullable(),
    issued_at: z.string(),
    customer_name: z.string(),
    /** The buyer's KRA PIN, when a business gave one at checkout. */
    customer_pin: z.string().nullable(),
    items: z.array(
      z.object({
        name: z.string(),
        quantity: z.number().int(),
        unit_price: centsSchema,
        amount: centsSchema,
        tax_type: z.enum(TAX_TYPES),
      }),
    ),
    totals_by_type: z.array(
      z.object({
        tax_type: z.enum(TAX_TYPES),
        label: z.string(),
        taxable: centsSchema,
        tax: centsSchema,
      }),
    ),
    total: centsSchema,
    total_tax: centsSchema,
    control_unit: controlUnitSchema.nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

/** An order's receipts: its sale invoice, then a credit note for each refund of goods. */
export const orderReceiptsSchema = z.object({
  receipts: z.array(receiptSchema),
});
export type OrderReceipts = z.infer<typeof orderReceiptsSchema>;

export const adminInvoiceSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    kind: z.enum(['S', 'R']),
    invoice_no: z.number().int(),
    original_invoice_no: z.number().int().nullable(),
    status: z.enum(INVOICE_STATUSES),
    total: centsSchema.nullable(),
    attempts: z.number().int(),
    /** Why the last attempt did not get through; it will be tried again. */
    last_error: z.string().nullable(),
    result_code: z.string().nullable(),
    /** KRA's message: the reason it failed, or its confirmation. */
    result_message: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    sandbox: z.boolean().nullable(),
  })
  .meta({ id: 'AdminInvoice' });
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminInvoicePageSchema = z.object({
  invoices: z.array(adminInvoiceSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type AdminInvoicePage = z.infer<typeof adminInvoicePageSchema>;

export const adminInvoiceQuerySchema = z
  .object({ ...pagingQuery(20, 100), status: z.enum(INVOICE_STATUSES).optional() })
  .strict();

export const etimsDeviceSchema = z
  .object({
    mode: z.enum(['kra', 'sandbox']),
    pin: z.string(),
    branch: z.string(),
    initialised: z.boolean(),
    sdc_id: z.string().nullable(),
    mrc_no: z.string().nullable(),
    initialised_at: z.string().nullable(),
  })
  .meta({ id: 'EtimsDevice' });
export type EtimsDevice = z.infer<typeof etimsDeviceSchema>;

export const receiptQuerySchema = z
  .object({
    /** S: the sale's tax invoice; R: a credit note of one of its refunds. */
    kind: z.enum(['S', 'R']).default('S'),
    /** With R: which credit note, by its number (else the first). */
    no: int32FromText().positive().optional(),
  })
  .strict();

// Issuing a tax invoice (issue 23): written in the transaction that marks the order paid, its
// number taken from the branch's counter in that same transaction. The counter row is the lock
// two instances paying at once queue on; a rollback takes the number back. So numbers increase by
// one, have no gaps and are never used twice, and an order has one sale invoice however often its
// payment is applied.
import { and, eq, sql } from 'drizzle-orm';
import { invoiceFigures, paymentTypeCode, type InvoiceSource, type TaxType } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { workMade } from '../lib/wake-after-response.ts';
import { invoiceCounters, invoices } from './schema.ts';
import { itemClassCodes } from '../catalog/tax-admin.ts';

/** A paid order as its invoice needs it, handed over by orders/ in the paying transaction. */
export interface Sale {
  customerName: string;
  /** A business buyer's KRA PIN. */
  customerPin: string | null;
  paymentMethod: string;
  pricesIncludeVat: boolean;
  vatCents: number;
  /** The delivery fee, before its discount. */
  deliveryCents: number;
  /** What promotions took off delivery (issue 36). */
  deliveryDiscountCents: number;
  at: Date;
  lines: {
    productId: number;
    name: string;
    unitPriceCents: number;
    quantity: number;
    taxType: TaxType;
    /** What promotions took off the whole line (issue 36). */
    discountCents: number;
  }[];
}

/**
 * The invoice's content, frozen now: the figures reproduce the order's VAT and total exactly, each
 * line at what was paid for it with its discount beside it.
 */
async function sourceOf(tx: Tx, sale: Sale): Promise<InvoiceSource> {
  const figures = invoiceFigures({
    lines: sale.lines.map((l) => ({ ...l, key: String(l.productId) })),
    deliveryCents: sale.deliveryCents,
    deliveryDiscountCents: sale.deliveryDiscountCents,
    pricesIncludeVat: sale.pricesIncludeVat,
    vatCents: sale.vatCents,
  });
  const classes = await itemClassCodes(
    tx,
    sale.lines.map((l) => l.productId),
  );
  return {
    customerName: sale.customerName,
    customerPin: sale.customerPin,
    paymentTypeCode: paymentTypeCode(sale.paymentMethod),
    pricesIncludeVat: sale.pricesIncludeVat,
    at: sale.at.toISOString(),
    lines: figures.lines.map((l) => ({
      key: l.key,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
      taxCents: l.taxCents,
      ...(l.statedDiscountCents > 0 ? { discountCents: l.statedDiscountCents } : {}),
      taxType: l.taxType,
      itemClassCode: classes.get(l.key) ?? '',
    })),
    byType: figures.byType,
    totalCents: figures.totalCents,
    totalTaxCents: figures.totalTaxCents,
  };
}

/** The worker an invoice made wakes once the response is sent (lib/wake-after-response.ts). */
export const INVOICE_SENDER = 'invoices';
/** An invoice or credit note was made (credit-note.ts makes the latter): the sender has work. */
export const noteIssued = () => workMade(INVOICE_SENDER);

/** eTIMS names a shop's branch by its bhfId; '00' is the head office (ETIMS_BHF_ID's default). */
export const DEFAULT_BRANCH = '00';

/** The branch's next number, taken in the caller's transaction (its counter row is the lock). */
export async function nextNumber(tx: Tx, branch: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ branch, lastNo: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.branch,
      set: { lastNo: sql`${invoiceCounters.lastNo} + 1` },
    })
    .returning({ lastNo: invoiceCounters.lastNo });
  return row!.lastNo;
}

/** The order's sale invoice, made now unless it already has one. Returns its number. */
export async function issueSaleInvoice(
  tx: Tx,
  orderId: number,
  sale: Sale,
  /** The branch it is numbered in: the app's ETIMS_BHF_ID, handed down by whoever sells. */
  branch: string,
): Promise<number> {
  const [existing] = await tx
    .select({ invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'S')));
  if (existing) return existing.invoiceNo;
  const invoiceNo = await nextNumber(tx, branch);
  const source = await sourceOf(tx, sale);
  await tx.insert(invoices).values({ orderId, kind: 'S', branch, invoiceNo, source });
  noteIssued();
  return invoiceNo;
}

// A refund's credit note (issue 34): each confirmed refund of goods credits, on a KRA credit note
// (rcptTyCd R) pointing to the sale invoice, exactly the lines and amounts it gave back, or, when
// it named none, its amount shared among what is left of the sale's lines
// (@duka/domain/tax/credit-note-figures.ts). Made in the transaction that confirms the refund,
// numbered from the branch's counter like every invoice, once per refund. The sale invoice's row
// is locked first, so two refunds of one order confirmed at once are credited one after the other
// and together never credit more than was sold. Units given back of a discounted line (issue 36)
// carry their share of its discount, as the sale stated it, so the note reads as the sale did.
import { and, eq } from 'drizzle-orm';
import {
  creditedSoFar,
  creditNoteFigures,
  DELIVERY_LINE_KEY,
  unitsValue,
  type CreditAsk,
  type Credited,
  type InvoiceSource,
  type InvoiceSourceLine,
  type SoldLine,
} from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { invoices } from './schema.ts';
import { nextNumber, noteIssued } from './issue.ts';

/** A confirmed refund of goods as its credit note needs it, handed over by orders/. */
export interface RefundToCredit {
  id: number;
  orderId: number;
  amountCents: number;
  /** The lines given back, VAT included; null or empty: an amount for the goods as a whole. */
  lines: readonly { orderItemId: number; quantity: number; amountCents: number }[] | null;
  deliveryCents: number;
  /** The order's items' ids, oldest first: the order the sale invoice states them in. */
  orderItemIds: readonly number[];
}

type SaleLine = InvoiceSourceLine & { ref: string };

/**
 * The sale invoice's lines with what each is: the order's items in the order they were sold (the
 * invoice was made from them, oldest first), then delivery. Null if they do not match.
 */
function saleLines(sale: InvoiceSource, orderItemIds: readonly number[]): SaleLine[] | null {
  const goods = sale.lines.filter((l) => l.key !== DELIVERY_LINE_KEY);
  if (goods.length !== orderItemIds.length) return null;
  let next = 0;
  return sale.lines.map((line) => ({
    ...line,
    ref: line.key === DELIVERY_LINE_KEY ? DELIVERY_LINE_KEY : String(orderItemIds[next++]),
  }));
}

/** What the order's earlier credit notes took; one from before partial refunds took it all. */
function creditedBefore(sold: readonly SoldLine[], notes: (InvoiceSource | null)[]) {
  const all = new Map<string, Credited>(
    sold.map((l) => [l.ref, { amountCents: l.amountCents, returnedQuantity: l.quantity }]),
  );
  if (notes.some((n) => n && n.lines.some((l) => l.ref === undefined))) return all;
  return creditedSoFar(
    notes.map((n) =>
      (n?.lines ?? []).map((l) => ({
        ref: l.ref!,
        amountCents: l.amountCents,
        returnedQuantity: l.returnedQuantity ?? 0,
      })),
    ),
  );
}

/**
 * The share of a sold line's discount that goes with units given back, on the running count of its
 * units credited, so the notes of a whole line state exactly its discount; none for an amount.
 */
function discountOf(sold: SaleLine, before: Credited | undefined, returned: number): number {
  const discount = sold.discountCents ?? 0;
  if (discount <= 0 || returned <= 0) return 0;
  const line = { amountCents: discount, quantity: sold.quantity };
  return unitsValue(line, before?.returnedQuantity ?? 0, returned);
}

function askOf(refund: RefundToCredit, linesKnown: boolean): CreditAsk {
  const named = [
    ...(refund.lines ?? []).map((l) => ({
      ref: String(l.orderItemId),
      quantity: l.quantity,
      amountCents: l.amountCents,
    })),
    ...(refund.deliveryCents > 0
      ? [{ ref: DELIVERY_LINE_KEY, quantity: 1, amountCents: refund.deliveryCents }]
      : []),
  ];
  if (named.length === 0) return { by: 'share', amountCents: refund.amountCents };
  if (linesKnown) return { by: 'lines', lines: named };
  // The sale's lines cannot be told apart (never expected): the amount, shared.
  return { by: 'share', amountCents: named.reduce((s, l) => s + l.amountCents, 0) };
}

/**
 * The refund's credit note, made now unless it has one; its number, or null when there is nothing
 * to credit (no sale invoice: money for an order that never became a sale; or all of it was
 * credited already, as when an order paid twice gives both payments back).
 */
export async function issueRefundCreditNote(
  tx: Tx,
  refund: RefundToCredit,
  at: Date = new Date(),
): Promise<number | null> {
  const [sale] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'S')))
    .for('update');
  if (!sale?.source) return null;
  const [done] = await tx
    .select({ invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(eq(invoices.refundId, refund.id));
  if (done) return done.invoiceNo;

  const named = saleLines(sale.source, refund.orderItemIds);
  const lines: SaleLine[] = named ?? sale.source.lines.map((l, i) => ({ ...l, ref: `line-${i}` }));
  const earlier = await tx
    .select({ source: invoices.source })
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'R')));
  const credited = creditedBefore(
    lines,
    earlier.map((n) => n.source),
  );
  const figures = creditNoteFigures(lines, credited, askOf(refund, named !== null));
  if (figures.lines.length === 0) return null;

  const byRef = new Map(lines.map((l) => [l.ref, l]));
  const source: InvoiceSource = {
    customerName: sale.source.customerName,
    customerPin: sale.source.customerPin ?? null,
    paymentTypeCode: sale.source.paymentTypeCode,
    pricesIncludeVat: sale.source.pricesIncludeVat,
    at: at.toISOString(),
    lines: figures.lines.map((l) => {
      const sold = byRef.get(l.ref)!;
      const { key, name, unitPriceCents, itemClassCode } = sold;
      const discountCents = discountOf(sold, credited.get(l.ref), l.returnedQuantity);
      return {
        key,
        name,
        quantity: l.quantity,
        unitPriceCents,
        amountCents: l.amountCents,
        taxCents: l.taxCents,
        ...(discountCents > 0 ? { discountCents } : {}),
        taxType: l.taxType,
        itemClassCode,
        ref: l.ref,
        returnedQuantity: l.returnedQuantity,
      };
    }),
    byType: figures.byType,
    totalCents: figures.totalCents,
    totalTaxCents: figures.totalTaxCents,
  };
  const invoiceNo = await nextNumber(tx, sale.branch);
  await tx.insert(invoices).values({
    orderId: refund.orderId,
    kind: 'R',
    branch: sale.branch,
    invoiceNo,
    originalNo: sale.invoiceNo,
    refundId: refund.id,
    source,
  });
  noteIssued();
  return invoiceNo;
}

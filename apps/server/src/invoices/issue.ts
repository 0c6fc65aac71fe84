// Issuing a tax invoice (issue 23): written in the transaction that marks the order paid, its
// number taken from the branch's counter in that same transaction. The counter row is the lock
// two instances paying at once queue on; a rollback takes the number back. So numbers increase by
// one, have no gaps and are never used twice, and an order has one sale invoice however often its
// payment is applied.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invoiceCounters, invoices } from '../db/schema.ts';

/** eTIMS names a shop's branch by its bhfId; '00' is the head office. */
export const DEFAULT_BRANCH = '00';

async function nextNumber(tx: Tx, branch: string): Promise<number> {
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
  branch: string = DEFAULT_BRANCH,
): Promise<number> {
  const [existing] = await tx
    .select({ invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'S')));
  if (existing) return existing.invoiceNo;
  const invoiceNo = await nextNumber(tx, branch);
  await tx.insert(invoices).values({ orderId, kind: 'S', branch, invoiceNo });
  return invoiceNo;
}

/**
 * A refunded order's credit note (rcptTyCd R), pointing to its sale invoice, numbered like any
 * invoice in the refunding transaction. None when the order never had a sale invoice (money that
 * came in for an order that could not be revived was never a sale); one however often it runs.
 */
export async function issueCreditNote(tx: Tx, orderId: number): Promise<number | null> {
  const mine = await tx
    .select({ kind: invoices.kind, invoiceNo: invoices.invoiceNo, branch: invoices.branch })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  const sale = mine.find((i) => i.kind === 'S');
  if (!sale) return null;
  const credit = mine.find((i) => i.kind === 'R');
  if (credit) return credit.invoiceNo;
  const invoiceNo = await nextNumber(tx, sale.branch);
  await tx.insert(invoices).values({
    orderId,
    kind: 'R',
    branch: sale.branch,
    invoiceNo,
    originalNo: sale.invoiceNo,
  });
  return invoiceNo;
}

// An order's receipts (issue 23): the sale invoice, and a credit note for each refund of goods
// (issue 34), as the shopper and the back office see them: the trader, the figures by tax type
// and, once the control unit answered, its numbers, signature and the QR code of KRA's
// verification address.
import QRCode from 'qrcode';
import { receiptVerificationUrl, TAX_TYPE_LABELS, TAX_TYPES, type Receipt } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import * as repo from './repo.ts';
import type { Trader } from './request.ts';
import { namedTrader } from './trader-name.ts';

/** "20261124153000" (the control unit's time) as "2026-11-24 15:30:00". */
const readable = (t: string) =>
  t.length >= 14
    ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`
    : t;

async function toReceipt(row: repo.InvoiceRow, trader: Trader): Promise<Receipt> {
  const source = row.source!;
  const unit = row.receipt;
  const qrUrl = unit ? receiptVerificationUrl(trader.tin, row.branch, unit.rcptSign) : null;
  return {
    order_id: row.orderId,
    kind: row.kind as 'S' | 'R',
    status: row.status as Receipt['status'],
    sandbox: row.sandbox ?? false,
    trader_name: trader.name,
    pin: trader.tin,
    branch: row.branch,
    invoice_no: row.invoiceNo,
    original_invoice_no: row.originalNo,
    issued_at: source.at,
    customer_name: source.customerName,
    customer_pin: source.customerPin ?? null,
    items: source.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unit_price: Math.round(l.amountCents / l.quantity),
      amount: l.amountCents,
      tax_type: l.taxType,
    })),
    totals_by_type: TAX_TYPES.filter((t) => source.byType[t].taxableCents > 0).map((t) => ({
      tax_type: t,
      label: TAX_TYPE_LABELS[t],
      taxable: source.byType[t].taxableCents,
      tax: source.byType[t].taxCents,
    })),
    total: source.totalCents,
    total_tax: source.totalTaxCents,
    control_unit:
      unit && qrUrl
        ? {
            sdc_id: unit.sdcId,
            mrc_no: unit.mrcNo,
            receipt_no: unit.curRcptNo,
            total_receipt_no: unit.totRcptNo,
            internal_data: unit.intrlData,
            signature: unit.rcptSign,
            signed_at: readable(unit.sdcDateTime),
            qr_url: qrUrl,
            qr_svg: await QRCode.toString(qrUrl, {
              type: 'svg',
              margin: 1,
              errorCorrectionLevel: 'M',
            }),
          }
        : null,
  };
}

/**
 * The order's receipt of that kind: its sale invoice, or a credit note (the one numbered `no`, else
 * the first); 404 while the order has none (not paid, or nothing refunded).
 */
export async function receiptOf(
  db: Db,
  orderId: number,
  kind: 'S' | 'R',
  trader: Trader,
  no?: number,
): Promise<Receipt> {
  const row = (await repo.invoicesOfOrder(db, orderId)).find(
    (i) => i.kind === kind && i.source && (no === undefined || i.invoiceNo === no),
  );
  if (!row) {
    const what =
      kind === 'S'
        ? 'This order has no receipt yet.'
        : `This order has no credit note${no === undefined ? '' : ` numbered ${no}`}.`;
    throw new HttpError(404, 'NOT_FOUND', what);
  }
  return toReceipt(row, await namedTrader(db, trader));
}

/** The order's sale invoice, then each of its credit notes in the order they were issued. */
export async function receiptsOf(
  db: Db,
  orderId: number,
  trader: Trader,
): Promise<[Receipt, ...Receipt[]]> {
  const rows = (await repo.invoicesOfOrder(db, orderId)).filter((i) => i.source);
  const sale = rows.find((i) => i.kind === 'S');
  if (!sale) throw new HttpError(404, 'NOT_FOUND', 'This order has no receipt yet.');
  const named = await namedTrader(db, trader);
  const credits = rows.filter((i) => i.kind === 'R');
  return [
    await toReceipt(sale, named),
    ...(await Promise.all(credits.map((row) => toReceipt(row, named)))),
  ];
}

// What a tax invoice says (issue 23), frozen when the order is paid so every attempt to send it,
// and every receipt printed from it, carries the same figures; and what the control unit answers.
import type { InvoiceFigures } from './invoice-figures.ts';
import type { TaxType } from './tax-types.ts';

export interface InvoiceSourceLine {
  key: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** VAT-inclusive, as eTIMS states lines. */
  amountCents: number;
  taxCents: number;
  /**
   * What promotions took off it (issue 36), VAT-inclusive like `amountCents` (eTIMS's dcAmt); the
   * line before it came to `amountCents + discountCents`. Absent: none (invoices made before).
   */
  discountCents?: number;
  taxType: TaxType;
  /** KRA's item classification: the product's, its category's, or the shop's default. */
  itemClassCode: string;
  /** On a credit note: the sale's line it credits (an order item's id, or 'delivery'). */
  ref?: string;
  /** On a credit note: the units of it given back (none for a share of an amount). */
  returnedQuantity?: number;
}

export interface InvoiceSource {
  /** The business's name when the buyer gave a KRA PIN with one, else the shipping name. */
  customerName: string;
  /** The buyer's KRA PIN (custTin), for a business that claims the VAT back; absent: none. */
  customerPin?: string | null;
  /** KRA's payment type code (pmtTyCd). */
  paymentTypeCode: string;
  pricesIncludeVat: boolean;
  /** When the sale (or the refund, for a credit note) happened. */
  at: string;
  lines: InvoiceSourceLine[];
  byType: InvoiceFigures['byType'];
  totalCents: number;
  totalTaxCents: number;
}

/** What the control unit answers for a sent invoice, and which unit it was. */
export interface InvoiceReceipt {
  sdcId: string;
  mrcNo: string;
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
}

/** KRA's payment type codes (pmtTyCd), by the order's payment method. */
export function paymentTypeCode(paymentMethod: string): string {
  if (/m-?pesa/i.test(paymentMethod)) return '06'; // mobile money
  if (/paypal|card/i.test(paymentMethod)) return '05'; // debit & credit card
  if (/delivery/i.test(paymentMethod)) return '01'; // cash
  return '07'; // other
}

/** KRA's receipt verification address: the seller's PIN, the branch and the signature. */
export function receiptVerificationUrl(pin: string, branch: string, signature: string): string {
  return `https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${pin}${branch}${signature}`;
}

export const SANDBOX_RECEIPT_MARK = 'SANDBOX — NOT A TAX INVOICE';

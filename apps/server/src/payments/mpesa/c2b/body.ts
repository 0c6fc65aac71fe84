// Reading Daraja's Customer to Business (Paybill/Till) validation and confirmation bodies:
//   {TransactionType, TransID, TransTime, TransAmount, BusinessShortCode, BillRefNumber,
//    InvoiceNumber, OrgAccountBalance, ThirdPartyTransID, MSISDN, FirstName, MiddleName, LastName}
// All strings. Anything else is reported as malformed with the reason, never thrown: the body is
// still recorded for the admin, and pays nothing.
import { z } from 'zod';
import { parseTransactionDate, readDarajaJson } from '../daraja/body.ts';

export interface C2bPayment {
  /** The M-Pesa receipt. */
  transId: string;
  /** 'Pay Bill' or 'Buy Goods'. */
  kind: string;
  amountCents: number;
  shortcode: string;
  /** The account number as typed, trimmed; empty for a Till. */
  billRef: string;
  msisdn: string | null;
  payerName: string | null;
  paidAt: Date | null;
}

export type ParsedC2b = { ok: true; payment: C2bPayment } | { ok: false; reason: string };

/** Daraja's amounts: '1500.00', '1500', at most two decimals, never negative. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

const text = (max: number) =>
  z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(max));

const bodySchema = z.object({
  TransactionType: text(40).default(''),
  TransID: text(20).pipe(z.string().regex(/^[A-Za-z0-9]{6,20}$/, 'not an M-Pesa receipt')),
  TransTime: text(20).optional(),
  TransAmount: text(20).pipe(z.string().regex(AMOUNT, 'not an amount of shillings')),
  BusinessShortCode: text(20).pipe(z.string().regex(/^\d{5,7}$/, 'not a shortcode')),
  BillRefNumber: text(100).default(''),
  MSISDN: text(200).optional(),
  FirstName: text(100).optional(),
  MiddleName: text(100).optional(),
  LastName: text(100).optional(),
});

export function parseC2b(raw: string | undefined): ParsedC2b {
  const read = readDarajaJson(raw);
  if (!read.ok) return read;
  const json = read.json;
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `${issue.path.join('.') || 'body'}: ${issue.message}` };
  }
  const b = parsed.data;
  const [shillings, cents = ''] = b.TransAmount.split('.');
  const name = [b.FirstName, b.MiddleName, b.LastName].filter((n) => n && n.trim()).join(' ');
  return {
    ok: true,
    payment: {
      transId: b.TransID.toUpperCase(),
      kind: b.TransactionType,
      amountCents: Number(shillings) * 100 + Number(cents.padEnd(2, '0')),
      shortcode: b.BusinessShortCode,
      billRef: b.BillRefNumber.trim(),
      msisdn: b.MSISDN ?? null,
      payerName: name || null,
      paidAt: parseTransactionDate(b.TransTime),
    },
  };
}

/**
 * The order an account number names: the order number, in any case and spacing, with or without
 * the shop's prefix ('1234', ' 12 34', 'duka1234', '#1234'). Null when it names none.
 */
export function orderIdOf(billRef: string): number | null {
  const compact = billRef
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/^(DUKA|#)/, '');
  if (!/^\d{1,9}$/.test(compact)) return null;
  const id = Number(compact);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

// Reading Daraja's STK callback:
//   {"Body":{"stkCallback":{MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc,
//     CallbackMetadata?: {Item: [{Name, Value?}, …]}}}}
// Metadata items are read by name, never by position; failures carry none. Anything else is
// reported as malformed with the reason, never thrown: the body is still recorded.
import { z } from 'zod';
import { parseTransactionDate, readDarajaJson } from '../daraja/body.ts';

export interface StkResult {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** Present on a success that carried its metadata. */
  paid?: {
    amountShillings: number;
    receipt: string;
    /** Daraja's TransactionDate (YYYYMMDDHHmmss, Nairobi time), when it came. */
    paidAt: Date | null;
    phone: string | null;
  };
}

export type ParsedCallback = { ok: true; result: StkResult } | { ok: false; reason: string };

const itemSchema = z.object({
  Name: z.string(),
  Value: z.union([z.string(), z.number()]).optional(),
});

const callbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      // A number in Daraja's callbacks; a string here is a malformed body, not a code to guess at.
      ResultCode: z.number().int(),
      ResultDesc: z.string().default(''),
      CallbackMetadata: z.object({ Item: z.array(itemSchema) }).optional(),
    }),
  }),
});

export function parseCallback(raw: string | undefined): ParsedCallback {
  const read = readDarajaJson(raw);
  if (!read.ok) return read;
  const json = read.json;
  const parsed = callbackSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `${issue.path.join('.') || 'body'}: ${issue.message}` };
  }
  const cb = parsed.data.Body.stkCallback;
  const result: StkResult = {
    merchantRequestId: cb.MerchantRequestID,
    checkoutRequestId: cb.CheckoutRequestID,
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc,
  };
  if (cb.ResultCode !== 0) return { ok: true, result };
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
  const amount = Number(items.get('Amount'));
  const receipt = items.get('MpesaReceiptNumber');
  if (!Number.isFinite(amount) || typeof receipt !== 'string' || receipt === '') {
    return { ok: false, reason: 'a success without Amount and MpesaReceiptNumber in its metadata' };
  }
  const phone = items.get('PhoneNumber');
  result.paid = {
    amountShillings: amount,
    receipt,
    paidAt: parseTransactionDate(items.get('TransactionDate')),
    phone: phone === undefined ? null : String(phone),
  };
  return { ok: true, result };
}

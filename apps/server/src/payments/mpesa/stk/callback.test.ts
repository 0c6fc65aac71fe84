import { describe, expect, it } from 'vitest';
import { parseTransactionDate } from '../daraja/body.ts';
import { parseCallback } from './callback.ts';

const success = (items: unknown[]) =>
  JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: 'ws_CO_191220191020363925',
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: { Item: items },
      },
    },
  });

describe('reading a Daraja callback', () => {
  it('reads the metadata by name, whatever the order and with Balance empty', () => {
    const items = [
      { Name: 'PhoneNumber', Value: 254708374149 },
      { Name: 'Balance' },
      { Name: 'TransactionDate', Value: 20191219102115 },
      { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
      { Name: 'Amount', Value: 1.0 },
    ];
    const parsed = parseCallback(success(items));
    expect(parsed).toEqual({
      ok: true,
      result: {
        merchantRequestId: '29115-34620561-1',
        checkoutRequestId: 'ws_CO_191220191020363925',
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
        paid: {
          amountShillings: 1,
          receipt: 'NLJ7RT61SV',
          paidAt: new Date('2019-12-19T07:21:15Z'), // 10:21:15 in Nairobi
          phone: '254708374149',
        },
      },
    });
  });

  it('takes a failure without metadata', () => {
    const body = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'c',
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    });
    expect(parseCallback(body)).toEqual({
      ok: true,
      result: {
        merchantRequestId: 'm',
        checkoutRequestId: 'c',
        resultCode: 1032,
        resultDesc: 'Request cancelled by user',
      },
    });
  });

  it.each([
    [undefined, 'empty body'],
    ['', 'empty body'],
    ['not json', 'not JSON'],
    ['{"Body":', 'not JSON'],
    ['[]', 'body'],
    ['{}', 'Body'],
    [
      '{"Body":{"stkCallback":{"MerchantRequestID":"m","CheckoutRequestID":"c","ResultCode":"0"}}}',
      'Body.stkCallback.ResultCode',
    ],
    [success([{ Name: 'Amount', Value: 1 }]), 'a success without Amount and MpesaReceiptNumber'],
    [
      JSON.stringify({
        Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 0 } },
      }),
      'a success without Amount and MpesaReceiptNumber',
    ],
  ])('reports %j as malformed (%s), never throws', (raw, reason) => {
    const parsed = parseCallback(raw);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toContain(reason);
  });

  it('reads TransactionDate as Nairobi time, and nothing else as a date', () => {
    expect(parseTransactionDate(20240229235959)).toEqual(new Date('2024-02-29T20:59:59Z'));
    expect(parseTransactionDate('2024022923595')).toBeNull();
    expect(parseTransactionDate(undefined)).toBeNull();
  });
});

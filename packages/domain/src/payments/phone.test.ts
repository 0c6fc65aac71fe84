import { describe, expect, it } from 'vitest';
import { maskPhone, normaliseKenyanMobile } from './phone.ts';
import { enterPinMessage, mpesaResultMessage, MPESA_MESSAGES } from './messages.ts';
import { createPaymentBodySchema } from './schemas.ts';

describe('Kenyan mobile numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['254 110 345 678', '254110345678'],
  ])('%s is %s', (input, expected) => {
    expect(normaliseKenyanMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '0712',
    '071234567',
    '07123456789',
    '0212345678', // a Nairobi landline
    '+255712345678', // Tanzania
    '2540712345678',
    '0712-345-678',
    '712345678',
    '07123456７8', // a full-width digit
  ])('%j is refused', (input) => {
    expect(normaliseKenyanMobile(input)).toBeNull();
  });

  it('masks all but the country code and the last three digits', () => {
    expect(maskPhone('254712345678')).toBe('2547•••••678');
  });
});

describe('M-Pesa messages', () => {
  it('name each failure the way the shopper reads it', () => {
    expect(mpesaResultMessage(1032)).toBe('You cancelled the M-Pesa request.');
    expect(mpesaResultMessage(1037)).toBe(
      'Your phone could not be reached. Check that it is on and try again.',
    );
    expect(mpesaResultMessage(2001)).toBe('The M-Pesa PIN was wrong.');
    expect(mpesaResultMessage(1)).toBe('Your M-Pesa balance is not enough for this payment.');
    for (const code of [1001, 1019, 17, 26, 9999])
      expect(mpesaResultMessage(code)).toBe(MPESA_MESSAGES.failed);
  });

  it('asks for the PIN with the amount in shillings', () => {
    expect(enterPinMessage(1_234_500)).toBe('Enter your M-Pesa PIN to pay Ksh 12,345');
  });
});

describe('the create-payment body', () => {
  it('keeps old clients working: no body, or only order_total', () => {
    expect(createPaymentBodySchema.parse(undefined)).toBeUndefined();
    expect(createPaymentBodySchema.parse({ order_total: 1 })).toMatchObject({ order_total: 1 });
  });

  it('normalises the phone and names it when it is not a Kenyan mobile', () => {
    expect(createPaymentBodySchema.parse({ method: 'mpesa', phone: '0712 345 678' })).toEqual({
      method: 'mpesa',
      phone: '254712345678',
    });
    const bad = createPaymentBodySchema.safeParse({ method: 'mpesa', phone: '0202345678' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: MPESA_MESSAGES.invalidPhone,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../orders/lifecycle.ts';
import { PAYMENT_METHODS } from '../payments/schemas.ts';
import {
  auditActionWords,
  codeInWords,
  errorInWords,
  fieldChangeWords,
  fieldValueWords,
  fieldWords,
  ORDER_STATUS_WORDS,
  PAYMENT_METHOD_WORDS,
  paymentWords,
  recordTypeWords,
  roleWords,
} from './words.ts';

describe('the back office in words', () => {
  it('writes audit actions and record types as sentences, not codes', () => {
    expect(auditActionWords('order.status.update')).toBe('Order status changed');
    expect(auditActionWords('user.2fa.disable')).toBe('Two-step sign-in turned off');
    expect(recordTypeWords('pickup_point')).toBe('Pickup point');
    expect(recordTypeWords('user')).toBe('Account');
    // A code nobody gave words yet still reads as words.
    expect(auditActionWords('gift_card.issue')).toBe('Gift card issue');
    expect(codeInWords('someNewThing')).toBe('Some new thing');
  });

  it('writes a changed field and its value as a person reads them', () => {
    expect(fieldChangeWords('two_factor', false)).toBe('Two-step sign-in: off');
    expect(fieldChangeWords('require_two_factor', true)).toBe(
      'Two-step sign-in required of staff: on',
    );
    expect(fieldChangeWords('price_cents', 150_500)).toBe('Price: Ksh 1,505');
    expect(fieldChangeWords('discount_bp', 1250)).toBe('Discount: 12.5 %');
    expect(fieldChangeWords('role', 'fulfilment')).toBe('Role: Fulfilment');
    expect(fieldChangeWords('hidden', true)).toBe('Hidden: yes');
    expect(fieldChangeWords('tracking_number', null)).toBe('Tracking number: —');
    // County settings are audited in camelCase: read the same.
    expect(fieldWords('feeCents')).toBe('Delivery fee');
    expect(fieldValueWords('feeCents', 20_000)).toBe('Ksh 200');
    expect(fieldValueWords('options', [{ name: 'Size', values: ['38', '39'] }])).toBe(
      'Size: 38, 39',
    );
    expect(fieldWords('variant XL / Black')).toBe('Variant XL / Black');
    expect(fieldValueWords('variant 42 / Black', { sku: 'S-1', stock: 3 })).toBe(
      'SKU S-1, Stock 3',
    );
  });

  it('reads a status by the record it belongs to', () => {
    expect(fieldValueWords('status', 'pending_payment', 'order')).toBe('Awaiting payment');
    expect(fieldValueWords('status', 'captured', 'payment')).toBe('paid');
    expect(fieldValueWords('status', 'failed', 'invoice')).toBe('Failed');
    expect(fieldValueWords('method', 'cash')).toBe('Cash');
  });

  it('has words for every order status and payment method', () => {
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_WORDS[status]).toMatch(/^[A-Z]/);
    for (const method of PAYMENT_METHODS) expect(PAYMENT_METHOD_WORDS[method]).toMatch(/^[A-Z]/);
    expect(paymentWords('mpesa_paybill', 'captured')).toBe('M-Pesa Paybill · paid');
    expect(paymentWords('paypal', 'capturing')).toBe('PayPal · being confirmed');
    expect(roleWords(null)).toBe('Shopper');
    expect(roleWords('owner')).toBe('Owner');
  });

  it('writes network errors in words and leaves sentences as they are', () => {
    expect(errorInWords('getaddrinfo ENOTFOUND example.com')).toBe(
      'The address example.com could not be found',
    );
    expect(errorInWords('getaddrinfo EAI_AGAIN smtp.example.com')).toBe(
      'The address smtp.example.com could not be found',
    );
    expect(errorInWords('connect ECONNREFUSED 127.0.0.1:587')).toBe(
      '127.0.0.1:587 refused the connection',
    );
    expect(errorInWords('connect ETIMEDOUT 10.0.0.1:443')).toBe(
      'The other side did not answer in time',
    );
    expect(errorInWords('socket hang up')).toBe('The connection was cut off before an answer came');
    expect(errorInWords('The image address answered 404.')).toBe('The image address answered 404.');
  });
});

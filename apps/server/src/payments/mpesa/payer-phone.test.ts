import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payerPhoneMatches } from './payer-phone.ts';

const hash = (n: string) => createHash('sha256').update(n).digest('hex');

describe('payerPhoneMatches', () => {
  const phones = ['0712 345 678', '+254111222333'];

  it('matches a full number in any of the forms shoppers type', () => {
    expect(payerPhoneMatches('254712345678', phones)).toBe(true);
    expect(payerPhoneMatches('254111222333', phones)).toBe(true);
    expect(payerPhoneMatches('254712345679', phones)).toBe(false);
  });

  it('matches a masked number only where every digit shown agrees', () => {
    // Safaricom's stars need not stand one for one for the digits they hide.
    expect(payerPhoneMatches('2547******678', phones)).toBe(true);
    expect(payerPhoneMatches('2547*****678', phones)).toBe(true);
    expect(payerPhoneMatches('254712***678', phones)).toBe(true);
    expect(payerPhoneMatches('2541*****333', phones)).toBe(true);
    expect(payerPhoneMatches('2547******677', phones)).toBe(false);
    expect(payerPhoneMatches('2548******678', phones)).toBe(false);
    expect(payerPhoneMatches('254712***679', phones)).toBe(false);
    // Too little shown to tell one subscriber from another.
    expect(payerPhoneMatches('254*******678', phones)).toBe(false);
    expect(payerPhoneMatches('254******678', phones)).toBe(false);
    expect(payerPhoneMatches('2547********', phones)).toBe(false);
  });

  it('matches a hashed number only by its own hash', () => {
    expect(payerPhoneMatches(hash('254712345678'), phones)).toBe(true);
    expect(payerPhoneMatches(hash('254712345678').toUpperCase(), phones)).toBe(true);
    expect(payerPhoneMatches(hash('254700000000'), phones)).toBe(false);
    expect(payerPhoneMatches(hash('0712345678'), phones)).toBe(false);
  });

  it('never matches without a number on either side', () => {
    expect(payerPhoneMatches(null, phones)).toBe(false);
    expect(payerPhoneMatches('', phones)).toBe(false);
    expect(payerPhoneMatches('254712345678', [])).toBe(false);
    expect(payerPhoneMatches('************', ['************'])).toBe(false);
  });
});

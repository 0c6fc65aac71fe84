import { describe, expect, it } from 'vitest';
import {
  kenyanMobile,
  phoneCodeSms,
  phoneCodeVerifySchema,
  PHONE_SIGN_IN_MESSAGES,
} from './phone-sign-in.ts';

describe('a Kenyan mobile number for signing in', () => {
  it.each([
    '0712345678',
    '0712 345 678',
    '+254712345678',
    '+254 712 345 678',
    '254712345678',
    '0712-345-678',
    ' (0712) 345 678 ',
  ])('%j is +254712345678', (typed) => {
    expect(kenyanMobile(typed)).toBe('+254712345678');
  });

  it('takes the 01… mobiles too', () => {
    expect(kenyanMobile('0110 345 678')).toBe('+254110345678');
  });

  it.each(['', '0712', '0212345678', '+255712345678', '712345678', '2540712345678', 'phone'])(
    '%j is refused',
    (typed) => {
      expect(kenyanMobile(typed)).toBeNull();
    },
  );
});

describe('the verify request', () => {
  it('keeps the number as the shop does and the code as typed', () => {
    expect(phoneCodeVerifySchema.parse({ phone: '0712 345 678', code: ' 012345 ' })).toEqual({
      phone: '+254712345678',
      code: '012345',
    });
  });

  it.each(['12345', '1234567', '12a456', '１２３４５６'])('refuses the code %j', (code) => {
    const result = phoneCodeVerifySchema.safeParse({ phone: '0712345678', code });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['code'],
      message: PHONE_SIGN_IN_MESSAGES.codeInvalid,
    });
  });
});

describe('the SMS', () => {
  it('says the code in English or Kiswahili', () => {
    expect(phoneCodeSms('123456')).toBe(
      'Your Duka code is 123456. It expires in 5 minutes. Do not share it.',
    );
    expect(phoneCodeSms('123456', 'sw')).toBe(
      'Nambari yako ya Duka ni 123456. Itaisha baada ya dakika 5. Usimpe mtu yeyote.',
    );
  });
});

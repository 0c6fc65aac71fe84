// The sentence catalogue (issue 37): every message a shopper can meet from the shared schemas'
// forms and from the domain's message lists has its Kiswahili, keyed by the English exactly.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressInputSchema } from '@duka/domain/delivery/schemas';
import {
  AUTH_MESSAGES,
  loginSchema,
  profileUpdateSchema,
  signupFormSchema,
  usernameSchema,
} from '@duka/domain/auth/schemas';
import { CART_MESSAGES, VARIANT_MESSAGES } from '@duka/domain/cart/messages';
import { contactInputSchema, CONTACT_MESSAGES } from '@duka/domain/contact/schemas';
import { CONTROL_CHARACTER_MESSAGE, MALFORMED_TEXT_MESSAGE } from '@duka/domain/common/text';
import { COUPON_MESSAGES } from '@duka/domain/promotions/messages';
import { couponInputSchema } from '@duka/domain/promotions/schemas';
import { DATA_RIGHTS_MESSAGES, eraseAccountSchema } from '@duka/domain/auth/data-rights';
import {
  forgotPasswordSchema,
  RESET_MESSAGES,
  resetPasswordFormSchema,
} from '@duka/domain/auth/password-reset';
import { mpesaCodeBodySchema, mpesaPhoneSchema } from '@duka/domain/payments/schemas';
import { MPESA_MESSAGES, SANDBOX_NOTICE } from '@duka/domain/payments/messages';
import {
  paymentInfoSchema,
  shippingFormSchema,
  shippingSchema,
  TAX_INVOICE_MESSAGES,
} from '@duka/domain/checkout/schemas';
import { PHONE_SIGN_IN_MESSAGES, phoneCodeVerifySchema } from '@duka/domain/auth/phone-sign-in';
import {
  RETURN_MESSAGES,
  RETURN_STATUS_WORDS,
  returnRequestSchema,
} from '@duka/domain/orders/return-schemas';
import { REVIEW_MESSAGES, reviewCreateSchema } from '@duka/domain/catalog/review-schemas';
import { trackQuerySchema } from '@duka/domain/orders/schemas';

// Read as files: the catalogue's JSON is compiled by Lingui where the app imports it.
const read = (file: string) =>
  JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
const english = read('./en.json');
const kiswahili = read('./sw.json');

/** The messages a schema gives for some bad inputs. */
function messagesOf(schema: z.ZodType, inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  });
}

const long = (n: number) => 'a'.repeat(n);

/** Each shopper's form, with inputs that make it say what it can say. */
const formMessages = [
  // (A form always sends its fields, as '' at least: zod's own 'Invalid input' is never seen.)
  ...messagesOf(signupFormSchema, [
    { username: '', phone_number: '', email: '', password: '', confirmPassword: 'x' },
    {
      username: long(41),
      phone_number: long(21),
      email: 'nope',
      password: long(201),
      confirmPassword: '',
    },
    {
      username: 'a/b',
      phone_number: 'abc',
      email: `${long(250)}@x.co`,
      password: 'password',
      confirmPassword: '',
    },
  ]),
  ...messagesOf(loginSchema, [{}, { email: ' ', password: '' }]),
  ...messagesOf(profileUpdateSchema, [
    { username: '', email: 'x', phone_number: '', newPassword: 'a' },
  ]),
  ...messagesOf(usernameSchema, ['', 'a|b', long(41)]),
  ...messagesOf(forgotPasswordSchema, [{ email: '' }, { email: 'x' }]),
  ...messagesOf(resetPasswordFormSchema, [{ password: 'a', confirmPassword: 'b' }]),
  ...messagesOf(eraseAccountSchema, [{}, { currentPassword: '' }]),
  ...messagesOf(phoneCodeVerifySchema, [{}, { phone: '123', code: '12ab' }, { phone: long(31) }]),
  ...messagesOf(contactInputSchema, [
    {},
    { name: '', email: '', phone: '', message: '' },
    { name: 'A', email: 'x', phone: '07x', message: long(5001) },
    { name: 'A', email: 'a@b.co', phone: '1'.repeat(21), message: 'Hi\u0000' },
  ]),
  ...messagesOf(shippingFormSchema, [
    {},
    { firstName: '', lastName: '', street_address: '', city: '', zip_code: '' },
    {
      firstName: long(61),
      lastName: long(61),
      street_address: long(161),
      apartment_number: long(61),
      city: long(81),
      zip_code: '#',
      phone: '123',
      delivery: 'pickup',
    },
    { zip_code: long(21) },
  ]),
  ...messagesOf(shippingSchema, [
    { name: '', city: '' },
    { name: long(122), city: long(81), county: 'Atlantis', pickup_point_id: -1 },
  ]),
  ...messagesOf(paymentInfoSchema, [
    {},
    { email: '' },
    { email: 'x', kra_pin: 'nope', business_name: long(101) },
    { email: 'a@b.co', business_name: 'Duka Ltd' },
  ]),
  ...messagesOf(addressInputSchema, [
    {},
    { name: '', street_address: '', city: '', phone: '1', county: 'Atlantis' },
    { name: long(122), street_address: long(161), city: long(81), apartment_number: long(61) },
    { zip_code: long(21) },
    { zip_code: '#' },
  ]),
  ...messagesOf(couponInputSchema, [{}, { code: 'not a code' }]),
  ...messagesOf(reviewCreateSchema, [
    { product_id: 1 },
    { product_id: 1, rating: 9, comment: ' ' },
    { product_id: 1, rating: 5, comment: long(2001) },
  ]),
  ...messagesOf(returnRequestSchema, [
    {},
    { lines: [], reason: '', resolution: 'refund' },
    { lines: [{ product_id: 1, quantity: 0 }], reason: long(501), resolution: 'exchange' },
    {
      lines: [{ product_id: 1, quantity: 1 }],
      reason: 'x',
      resolution: 'refund',
      exchange_variant_id: 2,
    },
  ]),
  ...messagesOf(trackQuerySchema, [{ phone: '' }, { order: 'x', phone: '' }]),
  ...messagesOf(mpesaPhoneSchema, [undefined, '123', long(31)]),
  ...messagesOf(mpesaCodeBodySchema, [{}, { code: 'short' }]),
];

/** What the screens and the server say from the domain's lists of messages. */
const listedMessages = [
  ...Object.values(AUTH_MESSAGES),
  ...Object.values(CART_MESSAGES),
  VARIANT_MESSAGES.notOfProduct,
  ...Object.values(CONTACT_MESSAGES),
  ...Object.values(REVIEW_MESSAGES),
  ...Object.values(RESET_MESSAGES),
  ...Object.values(DATA_RIGHTS_MESSAGES),
  ...Object.values(PHONE_SIGN_IN_MESSAGES).filter((m) => typeof m === 'string'),
  ...Object.values(MPESA_MESSAGES),
  SANDBOX_NOTICE,
  ...Object.values(COUPON_MESSAGES),
  ...Object.values(TAX_INVOICE_MESSAGES),
  ...Object.values(RETURN_STATUS_WORDS),
  ...Object.entries(RETURN_MESSAGES)
    .filter(([name]) => name !== 'refuseNote' && name !== 'noteLong') // the back office's
    .map(([, message]) => message),
  CONTROL_CHARACTER_MESSAGE,
  MALFORMED_TEXT_MESSAGE,
];

describe('the sentence catalogue', () => {
  it('holds every message of the shoppers’ forms and of the domain’s lists', () => {
    expect(formMessages.length).toBeGreaterThan(60);
    const missing = [...new Set([...formMessages, ...listedMessages])].filter(
      (message) => !(message in kiswahili),
    );
    expect(missing).toEqual([]);
  });

  it('is keyed by the English itself, with the same sentences in both languages', () => {
    for (const [key, value] of Object.entries(english)) expect(value).toBe(key);
    expect(Object.keys(kiswahili).sort()).toEqual(Object.keys(english).sort());
  });

  it('says every sentence in Kiswahili, not in English', () => {
    const untranslated = Object.entries(kiswahili).filter(
      ([key, value]) => value === key || value.trim() === '',
    );
    expect(untranslated).toEqual([]);
  });
});

// Signing in with a phone number (issue 37): a 6-digit code sent by SMS to a Kenyan mobile. The
// rules, the request and answer shapes, the texts, and the SMS in both of the shop's languages.
import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/locale.ts';
import { normaliseKenyanMobile } from '../payments/phone.ts';
import { loginResponseSchema } from './schemas.ts';

export const PHONE_CODE = {
  /** Digits in a code. */
  length: 6,
  /** A code works this long after it is sent. */
  validMinutes: 5,
  /** A new code for the same number at most this often. */
  resendSeconds: 60,
  /** Wrong codes that end a code. */
  maxWrongTries: 5,
} as const;

/** Each answer's text; the web shows its own words (Kiswahili too) by the answer's `code`. */
export const PHONE_SIGN_IN_MESSAGES = {
  /** PHONE_INVALID */
  phoneInvalid: 'Enter a Kenyan mobile number such as 0712 345 678.',
  /** CODE_INVALID */
  codeInvalid: 'The code is the 6 digits in the SMS we sent you.',
  /** CODE_WRONG: the same for a wrong, expired, used or another number's code. */
  codeWrong: 'That code is not right or has expired. Ask for a new one.',
  /** CODE_TOO_SOON (429) */
  tooSoon: (seconds: number) =>
    `A code was sent a moment ago. You can ask for a new one in ${seconds} seconds.`,
  /** TOO_MANY_CODES (429) */
  tooMany: 'Too many codes asked for. Please try again later.',
  /** STAFF_USE_PASSWORD (403) */
  staffUsePassword: 'Staff accounts sign in with e-mail and password.',
  /** PHONE_SIGN_IN_OFF (503) */
  off: 'Signing in with a phone number is not available at the moment.',
  /** SMS_FAILED (503) */
  smsFailed: 'We could not send the SMS just now. Please try again in a minute.',
  /** PHONE_TAKEN (409) */
  phoneTaken: 'Another account already uses this phone number.',
  sent: 'We sent a code to your phone.',
  verified: 'Your phone number is verified.',
} as const;

/**
 * A Kenyan mobile number in the form the shop keeps, '+2547XXXXXXXX' or '+2541XXXXXXXX', from any
 * usual way of writing it ('0712 345 678', '+254 712-345-678', '254712345678'); null otherwise.
 */
export function kenyanMobile(raw: string): string | null {
  const m = normaliseKenyanMobile(raw.trim().replace(/[-()]/g, ''));
  return m ? `+${m}` : null;
}

export const signInPhoneSchema = z
  .string({ error: PHONE_SIGN_IN_MESSAGES.phoneInvalid })
  .max(30, PHONE_SIGN_IN_MESSAGES.phoneInvalid)
  .transform((raw, ctx) => {
    const phone = kenyanMobile(raw);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: PHONE_SIGN_IN_MESSAGES.phoneInvalid });
    return z.NEVER;
  })
  .describe('A Kenyan mobile number in any usual form: 0712 345 678, +254712345678, 254712345678');

export const phoneCodeSchema = z
  .string({ error: PHONE_SIGN_IN_MESSAGES.codeInvalid })
  .trim()
  .regex(/^\d{6}$/, PHONE_SIGN_IN_MESSAGES.codeInvalid)
  .describe('The 6 digits sent by SMS');

const languageSchema = z
  .enum(LOCALES)
  .describe("The SMS's language: 'en' (the default) or 'sw' (Kiswahili)");

/** POST /api/login/phone and POST /api/profile/phone. */
export const phoneCodeRequestSchema = z.object({
  phone: signInPhoneSchema,
  language: languageSchema.optional(),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

/** POST /api/login/phone/verify and POST /api/profile/phone/verify. */
export const phoneCodeVerifySchema = z.object({
  phone: signInPhoneSchema,
  code: phoneCodeSchema,
});
export type PhoneCodeVerify = z.input<typeof phoneCodeVerifySchema>;

/** 202: the same whether or not the number has an account. */
export const phoneCodeSentSchema = z.object({
  resend_after_seconds: z.number().int().describe('Seconds before a new code may be asked for'),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const phoneSignInResponseSchema = loginResponseSchema
  .extend({
    is_new_account: z
      .boolean()
      .describe('The number had no account: one was made, and its name is still a placeholder'),
  })
  .meta({ id: 'PhoneSignIn' });
export type PhoneSignInResponse = z.infer<typeof phoneSignInResponseSchema>;

/** GET /api/login/phone (the public settings answer says the same as `phone_sign_in`). */
export const phoneSignInAvailabilitySchema = z.object({
  phone_sign_in: z.boolean().describe('Whether a code can be sent by SMS now'),
});

/** The SMS with the code, in the shopper's language. */
export function phoneCodeSms(code: string, language: Locale = 'en'): string {
  return language === 'sw'
    ? `Nambari yako ya Duka ni ${code}. Itaisha baada ya dakika ${PHONE_CODE.validMinutes}. Usimpe mtu yeyote.`
    : `Your Duka code is ${code}. It expires in ${PHONE_CODE.validMinutes} minutes. Do not share it.`;
}

// Signing in with a phone number and a code sent by SMS (issue 37).
import type { MfaChallenge } from '@duka/domain';
import type { PhoneCodeSent, PhoneSignInResponse } from '@duka/domain/auth/phone-sign-in';
import type { Locale } from '@duka/domain/i18n/locale';
import { api } from '../../../lib/api-client.ts';

/** Sends a code to the number: 202 whether or not it has an account. */
export const sendSignInCode = (phone: string, language: Locale) =>
  api<PhoneCodeSent>('/login/phone', {
    method: 'POST',
    body: { phone, language },
  });

/** Tokens, or (staff with two-step sign-in) a challenge for the authenticator's code. */
export const verifySignInCode = (phone: string, code: string) =>
  api<PhoneSignInResponse | MfaChallenge>('/login/phone/verify', {
    method: 'POST',
    body: { phone, code },
  });

/** A new account's name, replacing the one the server made up for it. */
export const setMyName = (username: string) =>
  api<{ message: string }>('/profile', { method: 'PATCH', body: { username } });

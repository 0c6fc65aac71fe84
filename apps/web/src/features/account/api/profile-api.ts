import { queryOptions } from '@tanstack/react-query';
import type { MarketingConsentState, Profile, ProfileUpdate, User } from '@duka/domain';
import type { PhoneCodeSent } from '@duka/domain/auth/phone-sign-in';
import type { Locale } from '@duka/domain/i18n/locale';
import { api } from '../../../lib/api-client.ts';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'],
    queryFn: () => api<Profile>('/profile'),
    retry: false,
  });

export const updateProfile = (input: ProfileUpdate) =>
  api<{ message: string; user: User }>('/profile', { method: 'PATCH', body: input });

export const setMarketingConsent = (consent: boolean) =>
  api<MarketingConsentState>('/profile/marketing', { method: 'PUT', body: { consent } });

/** Everything the shop holds about the account, as the JSON the server sends. */
export const exportMyData = () => api<Record<string, unknown>>('/profile/export');

export const deleteMyAccount = (currentPassword: string) =>
  api<{ message: string }>('/profile', { method: 'DELETE', body: { currentPassword } });

/** Sends a code to a number the account wants as its own (issue 37): 202 when it is on its way. */
export const sendPhoneCode = (phone: string, language: Locale) =>
  api<PhoneCodeSent>('/profile/phone', { method: 'POST', body: { phone, language } });

/** The code proves the number: it becomes the account's, verified. */
export const verifyPhone = (phone: string, code: string) =>
  api<{ message: string }>('/profile/phone/verify', { method: 'POST', body: { phone, code } });

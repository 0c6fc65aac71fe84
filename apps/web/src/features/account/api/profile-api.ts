import { queryOptions } from '@tanstack/react-query';
import type { MarketingConsentState, Profile, ProfileUpdate, User } from '@duka/domain';
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

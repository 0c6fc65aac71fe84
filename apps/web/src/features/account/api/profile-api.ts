import { queryOptions } from '@tanstack/react-query';
import type { Profile, ProfileUpdate, User } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'],
    queryFn: () => api<Profile>('/profile'),
    retry: false,
  });

export const updateProfile = (input: ProfileUpdate) =>
  api<{ message: string; user: User }>('/profile', { method: 'PATCH', body: input });

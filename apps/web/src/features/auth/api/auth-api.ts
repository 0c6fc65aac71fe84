import { queryOptions } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, Profile, ProfileUpdate, User } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const authQueries = {
  currentUser: () =>
    queryOptions({
      queryKey: ['auth', 'current-user'],
      queryFn: () => api<User>('/current_user'),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  profile: () =>
    queryOptions({
      queryKey: ['auth', 'profile'],
      queryFn: () => api<Profile>('/profile'),
      retry: false,
    }),
};

export const logIn = (input: LoginInput) =>
  api<LoginResponse>('/login', { method: 'POST', body: input });

export const register = (input: {
  username: string;
  email: string;
  phone_number: string;
  password: string;
}) => api<{ message: string; user: User }>('/register', { method: 'POST', body: input });

export const logOut = () => api<{ message: string }>('/logout', { method: 'POST' });

export const updateProfile = (input: ProfileUpdate) =>
  api<{ message: string; user: User }>('/profile', { method: 'PATCH', body: input });

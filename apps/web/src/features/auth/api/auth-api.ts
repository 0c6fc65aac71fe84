import { queryOptions } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, User } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const authQueries = {
  currentUser: () =>
    queryOptions({
      queryKey: ['auth', 'current-user'],
      queryFn: () => api<User>('/current_user'),
      staleTime: 5 * 60_000,
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

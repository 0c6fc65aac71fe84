import { queryOptions } from '@tanstack/react-query';
import type {
  ForgotPasswordAnswer,
  LoginInput,
  LoginResponse,
  MfaChallenge,
  User,
} from '@duka/domain';
import { api, ApiError } from '../../../lib/api-client.ts';

export const authQueries = {
  currentUser: () =>
    queryOptions({
      queryKey: ['auth', 'current-user'],
      queryFn: () => api<User>('/current_user'),
      staleTime: 5 * 60_000,
      retry: false,
    }),
};

/** Tokens, or (two-step sign-in on) a challenge for the code: see two-factor-api.ts. */
export const logIn = (input: LoginInput) =>
  api<LoginResponse | MfaChallenge>('/login', { method: 'POST', body: input });

export const register = (input: {
  username: string;
  email: string;
  phone_number: string;
  password: string;
  marketing_consent?: boolean | undefined;
}) => api<{ message: string; user: User }>('/register', { method: 'POST', body: input });

/**
 * Ends the session on the server with the token it was given (the browser has already forgotten
 * it). A failed call is tried again a few times, quietly: the person is logged out here either
 * way. A 401 means the session had already ended.
 */
export async function endSession(accessToken: string, delaysMs = [1_000, 5_000, 20_000]) {
  for (let attempt = 0; ; attempt++) {
    try {
      await api<{ message: string }>('/logout', { method: 'POST', token: accessToken });
      return;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      if (attempt >= delaysMs.length) return;
      await new Promise((r) => setTimeout(r, delaysMs[attempt]));
    }
  }
}

export const requestPasswordReset = (email: string) =>
  api<ForgotPasswordAnswer>('/forgot-password', { method: 'POST', body: { email } });

/** Resolves when the link still works; an ApiError with status 410 when it does not. */
export const checkResetLink = (token: string) =>
  api<{ message: string }>('/reset-password/check', { method: 'POST', body: { token } });

export const resetPassword = (token: string, password: string) =>
  api<{ message: string }>('/reset-password', { method: 'POST', body: { token, password } });

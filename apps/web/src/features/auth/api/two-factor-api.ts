// Two-step sign-in: the log-in's second step (issue 25). Setting it up is the back office's.
import type { LoginResponse, MfaChallenge } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const isChallenge = (r: LoginResponse | MfaChallenge): r is MfaChallenge =>
  'mfa_required' in r;

export const logInSecondStep = (
  mfaToken: string,
  answer: { code: string } | { recovery_code: string },
) => api<LoginResponse>('/login/2fa', { method: 'POST', body: { mfa_token: mfaToken, ...answer } });

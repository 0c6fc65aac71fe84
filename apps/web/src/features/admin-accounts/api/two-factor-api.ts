// One's own two-step sign-in, from the Security screen (issue 25).
import type { TwoFactorSetup } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const setUpTwoFactor = () => api<TwoFactorSetup>('/me/2fa/setup', { method: 'POST' });
export const enableTwoFactor = (code: string) =>
  api<{ recovery_codes: string[] }>('/me/2fa/enable', { method: 'POST', body: { code } });
export const disableTwoFactor = (password: string, code: string) =>
  api<{ message: string }>('/me/2fa/disable', { method: 'POST', body: { password, code } });

// Accepting an invitation to the staff, from the link in its e-mail (issue 25).
import type { Role } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const invitationOf = (token: string) =>
  api<{ email: string; role: Role; has_account: boolean }>('/staff-invitations/check', {
    method: 'POST',
    body: { token },
  });
export const acceptInvitation = (body: {
  token: string;
  password: string;
  username?: string;
  phone_number?: string;
}) =>
  api<{ message: string; email: string }>('/staff-invitations/accept', { method: 'POST', body });

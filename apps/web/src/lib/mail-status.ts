// Whether the shop can send e-mail at all (GET /api/mail-status): screens that would say "sent"
// or "we e-mail" read it, so none says so while the shop has no mail server.
import { queryOptions } from '@tanstack/react-query';
import type { MailStatus } from '@duka/domain/outbox/schemas';
import { api } from './api-client.ts';

export const mailStatusQuery = () =>
  queryOptions({
    queryKey: ['mail-status'],
    queryFn: () => api<MailStatus>('/mail-status'),
    // It changes only when the shop restarts with other settings.
    staleTime: 5 * 60_000,
  });

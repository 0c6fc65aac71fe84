// The Outbox screen and the dashboard's failed messages: every message (e-mail, SMS) with what
// became of it, and sending a failed or held one again.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OutboxMessage, OutboxPage, OutboxStatus } from '@duka/domain/outbox/schemas';
import { api } from '../../../lib/api-client.ts';

export const failedMessagesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'failed'],
    queryFn: () => api<OutboxPage>('/admin/outbox', { query: { status: 'failed', limit: 20 } }),
  });

export const outboxQuery = (page: number, pageSize: number, status: OutboxStatus | '') =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'list', page, pageSize, status],
    queryFn: () =>
      api<OutboxPage>('/admin/outbox', {
        query: { limit: pageSize, skip: (page - 1) * pageSize, status },
      }),
    placeholderData: keepPreviousData,
    // Messages waiting for their turn usually go within moments.
    refetchInterval: (query) =>
      query.state.data?.emails.some((m) => m.status === 'pending') ? 5_000 : false,
  });

export const resendMessage = (id: number) =>
  api<OutboxMessage>(`/admin/outbox/${id}/resend`, { method: 'POST' });

import { queryOptions } from '@tanstack/react-query';
import type { AdminMessages } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

/** How often the bell looks for new messages. */
export const MESSAGES_POLL_MS = 30_000;

export const messagesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'messages'],
    queryFn: () => api<AdminMessages>('/admin/messages'),
    refetchInterval: MESSAGES_POLL_MS,
  });

export const replyToMessage = (id: number, message: string) =>
  api<{ message: string }>(`/admin/messages/${id}/reply`, { method: 'POST', body: { message } });

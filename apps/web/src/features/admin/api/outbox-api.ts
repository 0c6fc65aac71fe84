// Messages (e-mail, SMS) the shop gave up sending, and sending one again.
import { queryOptions } from '@tanstack/react-query';
import type { OutboxMessage, OutboxPage } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const failedMessagesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'failed'],
    queryFn: () => api<OutboxPage>('/admin/outbox', { query: { status: 'failed', limit: 20 } }),
  });

export const resendMessage = (id: number) =>
  api<OutboxMessage>(`/admin/outbox/${id}/resend`, { method: 'POST' });

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentPage, PaymentEvent, Refund } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const adminPaymentsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'payments', page, pageSize],
    queryFn: () =>
      api<AdminPaymentPage>('/admin/payments', {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

/** What was sent to the provider and received from it for one payment (secrets masked). */
export const paymentEventsQuery = (paymentId: number) =>
  queryOptions({
    queryKey: ['admin', 'payments', 'events', paymentId],
    queryFn: () => api<PaymentEvent[]>(`/admin/payments/${paymentId}/events`),
  });

/** Gives back a payment marked refund due; `reference` for a refund made by hand. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: number; reference?: string }) =>
      api<Refund>(`/admin/payments/${id}/refund`, {
        method: 'POST',
        body: reference ? { reference } : {},
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

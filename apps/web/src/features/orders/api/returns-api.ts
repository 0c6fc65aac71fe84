// A shopper's returns of one order (issue 34): what may be returned, what was asked, and asking.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderReturns, ReturnRequest } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const returnQueries = {
  ofOrder: (orderId: number) =>
    queryOptions({
      queryKey: ['orders', 'returns', orderId],
      queryFn: () => api<OrderReturns>(`/orders/${orderId}/returns`),
    }),
};

export function useAskReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequest) =>
      api<{ id: number; status: 'requested' }>(`/orders/${orderId}/returns`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

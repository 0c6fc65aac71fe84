// The Returns screen (issue 34): returns by status, one return, and deciding it.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReturn, AdminReturnPage, ReturnStatus, ReturnUpdate } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const returnAdminQueries = {
  list: (page: number, pageSize: number, status: ReturnStatus | '') =>
    queryOptions({
      queryKey: ['admin', 'returns', 'list', page, pageSize, status],
      queryFn: () =>
        api<AdminReturnPage>('/admin/returns', {
          query: { limit: pageSize, skip: (page - 1) * pageSize, status },
        }),
      placeholderData: keepPreviousData,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['admin', 'returns', 'one', id],
      queryFn: () => api<AdminReturn>(`/admin/returns/${id}`),
      // A refund sent by M-Pesa is answered later.
      refetchInterval: (query) =>
        query.state.data?.refunds.some((r) => r.status === 'requested' || r.status === 'sent')
          ? 5_000
          : false,
    }),
};

export function useDecideReturn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnUpdate) =>
      api<AdminReturn>(`/admin/returns/${id}`, { method: 'PATCH', body }),
    onSuccess: (ret) => {
      queryClient.setQueryData(returnAdminQueries.one(id).queryKey, ret);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** A failed refund tried again (payments.refund). */
export function useRetryRefund(returnId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: number) =>
      api<unknown>(`/admin/refunds/${refundId}/retry`, { method: 'POST' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: returnAdminQueries.one(returnId).queryKey }),
  });
}

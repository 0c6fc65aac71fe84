// Every order, and moving one along its lifecycle.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderPage, OrderStatus } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const adminOrdersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', page, pageSize],
    queryFn: () =>
      api<AdminOrderPage>('/admin/orders', {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

/** `refundReference`: moving to refunded, the reference of a refund made by hand. */
export const updateOrderStatus = (id: number, status: OrderStatus, refundReference?: string) =>
  api<AdminOrder>(`/admin/orders/${id}/status`, {
    method: 'PATCH',
    body: { status, ...(refundReference ? { refund_reference: refundReference } : {}) },
  });

/** Each caller gets its own pending and error state, so one row's failure stays in that row. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
      refundReference,
    }: {
      id: number;
      status: OrderStatus;
      refundReference?: string;
    }) => updateOrderStatus(id, status, refundReference),
    onSuccess: (order) => {
      // The row changes at once; the lists that show orders (dashboard, payments, search) refetch.
      queryClient.setQueriesData<AdminOrderPage>(
        { queryKey: ['admin', 'orders'] },
        (page) =>
          page && { ...page, orders: page.orders.map((o) => (o.id === order.id ? order : o)) },
      );
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** An order paid on delivery: the money came in (cash, or M-Pesa at the door). */
export function useCollectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; method: 'cash' | 'mpesa'; reference?: string }) =>
      api<AdminOrder>(`/admin/orders/${id}/collect`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

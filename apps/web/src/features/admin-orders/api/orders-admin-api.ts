// Every order, and moving one along its lifecycle.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderPage,
  OrdersExportQuery,
  OrderStatus,
} from '@duka/domain';
import { api, apiBlob } from '../../../lib/api-client.ts';

export const adminOrdersQuery = (page: number, pageSize: number, status?: OrderStatus) =>
  queryOptions({
    queryKey: ['admin', 'orders', page, pageSize, status ?? 'all'],
    queryFn: () =>
      api<AdminOrderPage>('/admin/orders', {
        query: { limit: pageSize, skip: (page - 1) * pageSize, ...(status ? { status } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

/** The orders CSV for the books (needs payments.read); blank filters are left out of the URL. */
export const ordersCsv = (query: { [K in keyof OrdersExportQuery]?: string | undefined }) =>
  apiBlob('/admin/orders.csv', { query });

export const adminOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: () => api<AdminOrderDetail>(`/admin/orders/${id}`),
  });

export interface StatusChange {
  id: number;
  status: OrderStatus;
  /** Moving to refunded: the reference of a refund made by hand. */
  refundReference?: string | undefined;
  /** Moving to shipped: who carries it and the number to follow it by. */
  courier?: string | undefined;
  trackingNumber?: string | undefined;
}

export const updateOrderStatus = ({
  id,
  status,
  refundReference,
  courier,
  trackingNumber,
}: StatusChange) =>
  api<AdminOrder>(`/admin/orders/${id}`, {
    method: 'PATCH',
    body: {
      status,
      ...(refundReference ? { refund_reference: refundReference } : {}),
      ...(courier ? { courier } : {}),
      ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
    },
  });

/** Each caller gets its own pending and error state, so one row's failure stays in that row. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
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

/** A shipped order's courier and tracking number, added or corrected; the shopper is e-mailed. */
export function useUpdateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; courier?: string; tracking_number?: string }) =>
      api<AdminOrderDetail>(`/admin/orders/${id}/shipment`, { method: 'PATCH', body }),
    onSuccess: (order) => {
      queryClient.setQueryData(['admin', 'order', order.id], order);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

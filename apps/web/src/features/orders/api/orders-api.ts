import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderDetail, OrderPage } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const orderQueries = {
  list: (page: number, pageSize: number) =>
    queryOptions({
      queryKey: ['orders', 'mine', page, pageSize],
      queryFn: () =>
        api<OrderPage>('/order', { query: { limit: pageSize, skip: (page - 1) * pageSize } }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['orders', 'detail', id],
      queryFn: () => api<OrderDetail>(`/order/${id}`),
    }),
};

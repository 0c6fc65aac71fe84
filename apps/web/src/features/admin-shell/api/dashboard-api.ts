// The dashboard's figures and its page of recent orders.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const dashboardQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', page, pageSize],
    queryFn: () =>
      api<Dashboard>('/admin/dashboard', {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

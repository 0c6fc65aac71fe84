import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminPaymentPage } from '@duka/domain';
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

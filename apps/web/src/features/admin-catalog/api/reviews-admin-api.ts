import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminReviewPage, Review } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const adminReviewsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'reviews', page, pageSize],
    queryFn: () =>
      api<AdminReviewPage>('/admin/reviews', {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const setReviewHidden = (id: number, hidden: boolean) =>
  api<Review>(`/admin/reviews/${id}`, {
    method: 'PATCH',
    body: { hidden },
  });

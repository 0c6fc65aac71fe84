import { queryOptions } from '@tanstack/react-query';
import type { AdminSearch } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const adminSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'search', q],
    queryFn: () => api<AdminSearch>('/admin/search', { query: { q } }),
  });

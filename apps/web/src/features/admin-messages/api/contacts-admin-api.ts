import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContactPage } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export interface ContactFilter {
  q: string;
  /** Nairobi days, YYYY-MM-DD; '' for no bound. */
  from: string;
  to: string;
  sort: 'date' | 'name';
  order: 'asc' | 'desc';
}

export const contactsQuery = (filter: ContactFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'contacts', filter, page, pageSize],
    queryFn: () =>
      api<ContactPage>('/admin/contacts', {
        query: { ...filter, q: filter.q.trim(), limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

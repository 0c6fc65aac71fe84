// Customers: the figures, the list, and granting or revoking admin rights.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPage, CustomerDetail, CustomersSummary } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const customersSummaryQuery = () =>
  queryOptions({
    queryKey: ['admin', 'customers', 'summary'],
    queryFn: () => api<CustomersSummary>('/admin/customers/summary'),
  });

export const usersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'users', page, pageSize],
    queryFn: () =>
      api<AdminUserPage>('/admin/users', {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const customerQuery = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'customer', id, page, pageSize],
    queryFn: () =>
      api<CustomerDetail>(`/admin/customers/${id}`, {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const setAdminRights = (id: number, isAdmin: boolean) =>
  api<AdminUser>(`/admin/users/${id}`, { method: 'PATCH', body: { is_admin: isAdmin } });

/** Each row gets its own mutation, so a refusal is shown beside the account it concerns. */
export function useSetAdminRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: number; isAdmin: boolean }) => setAdminRights(id, isAdmin),
    onSuccess: (user) => {
      queryClient.setQueriesData<AdminUserPage>(
        { queryKey: ['admin', 'users'] },
        (page) =>
          page && {
            ...page,
            users: page.users.map((u) => (u.id === user.id ? { ...u, ...user } : u)),
          },
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'search'] });
    },
  });
}

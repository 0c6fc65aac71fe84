// The Invoices screen (issue 23): invoices and credit notes with their state at KRA, a retry, and
// the eTIMS device the shop uses.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminInvoice, AdminInvoicePage, EtimsDevice, InvoiceStatus } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const invoiceQueries = {
  list: (page: number, pageSize: number, status: InvoiceStatus | '') =>
    queryOptions({
      queryKey: ['admin', 'invoices', page, pageSize, status],
      queryFn: () =>
        api<AdminInvoicePage>('/admin/invoices', {
          query: { limit: pageSize, skip: (page - 1) * pageSize, status },
        }),
      placeholderData: keepPreviousData,
      // Pending invoices are usually signed within moments.
      refetchInterval: (query) =>
        query.state.data?.invoices.some((i) => i.status === 'pending') ? 5_000 : false,
    }),
  device: () =>
    queryOptions({
      queryKey: ['admin', 'invoices', 'device'],
      queryFn: () => api<EtimsDevice>('/admin/invoices/device'),
    }),
};

export const retryInvoice = (id: number) =>
  api<AdminInvoice>(`/admin/invoices/${id}/retry`, { method: 'POST' });

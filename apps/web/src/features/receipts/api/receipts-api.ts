import { queryOptions } from '@tanstack/react-query';
import type { Receipt } from '@duka/domain';
import { api, apiBlob } from '../../../lib/api-client.ts';

export type ReceiptKind = 'S' | 'R';

export const receiptQueries = {
  one: (orderId: number, kind: ReceiptKind) =>
    queryOptions({
      queryKey: ['receipts', orderId, kind],
      queryFn: () => api<Receipt>(`/orders/${orderId}/receipt`, { query: { kind } }),
      // Signed within moments of the payment: look again while KRA has not answered.
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
      retry: false,
    }),
};

export const receiptPdf = (orderId: number, kind: ReceiptKind) =>
  apiBlob(`/orders/${orderId}/receipt.pdf`, { query: { kind } });

import { queryOptions } from '@tanstack/react-query';
import type { OrderReceipts } from '@duka/domain';
import { api, apiBlob } from '../../../lib/api-client.ts';

export type ReceiptKind = 'S' | 'R';

export const receiptQueries = {
  /** The order's tax invoice, then a credit note for each refund of goods. */
  all: (orderId: number) =>
    queryOptions({
      queryKey: ['receipts', orderId],
      queryFn: () => api<OrderReceipts>(`/orders/${orderId}/receipts`),
      // Signed within moments of the payment or refund: look again while KRA has not answered.
      refetchInterval: (query) =>
        query.state.data?.receipts.some((r) => r.status === 'pending') ? 3_000 : false,
      retry: false,
    }),
};

/** The tax invoice with its credit notes after it; or one credit note, by its number. */
export const receiptPdf = (orderId: number, kind: ReceiptKind, no?: number) =>
  apiBlob(`/orders/${orderId}/receipt.pdf`, { query: { kind, no } });

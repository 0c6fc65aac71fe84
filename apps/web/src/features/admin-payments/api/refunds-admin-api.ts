// Money given back (decision record 029): asking for a refund of an order (the server chooses how
// it goes back, from the payment that holds the money), trying a failed one again, and giving back
// an M-Pesa payment that matched no order, or closing it with a note.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, Refund } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export interface RefundAsk {
  orderId: number;
  /** Cents. */
  amount: number;
  reason: string;
  /** Given back by hand: that refund's reference (the server then records it as confirmed). */
  reference?: string | undefined;
}

/**
 * An order with its refunds: the order page's own query (the same key and address, decision record
 * 007), so asking again while a refund is on its way refreshes that page too.
 */
export const orderWithRefundsQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['admin', 'order', orderId],
    queryFn: () => api<AdminOrderDetail>(`/admin/orders/${orderId}`),
  });

/** Every screen that shows money (the order, Payments, unmatched payments) asks again. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useRequestRefund() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ orderId, amount, reason, reference }: RefundAsk) =>
      api<Refund>(`/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        body: { amount, reason, ...(reference ? { reference } : {}) },
      }),
    onSettled: refresh,
  });
}

export function useRetryRefund() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (refundId: number) =>
      api<Refund>(`/admin/refunds/${refundId}/retry`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useRefundUnmatched() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({
      transId,
      amount,
      reason,
      reference,
    }: {
      transId: string;
      /** Cents; all that is left when left out. */
      amount?: number | undefined;
      reason: string;
      reference?: string | undefined;
    }) =>
      api<Refund>(`/admin/mpesa/unmatched/${encodeURIComponent(transId)}/refund`, {
        method: 'POST',
        body: {
          reason,
          ...(amount === undefined ? {} : { amount }),
          ...(reference ? { reference } : {}),
        },
      }),
    onSettled: refresh,
  });
}

export function useCloseUnmatched() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ transId, note }: { transId: string; note: string }) =>
      api<{ trans_id: string; closed: true; note: string }>(
        `/admin/mpesa/unmatched/${encodeURIComponent(transId)}/close`,
        { method: 'POST', body: { note } },
      ),
    onSettled: refresh,
  });
}

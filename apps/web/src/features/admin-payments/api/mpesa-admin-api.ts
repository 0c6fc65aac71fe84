// M-Pesa in the back office: payments that matched no order, assigning one, the M-PESA statement
// and the Paybill/Till URLs' registration with Daraja.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { C2bRegistration, StatementReconciliation, UnmatchedPaymentPage } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const unmatchedPaymentsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'mpesa', 'unmatched'],
    queryFn: () => api<UnmatchedPaymentPage>('/admin/mpesa/unmatched', { query: { limit: 50 } }),
  });

export const c2bRegistrationQuery = () =>
  queryOptions({
    queryKey: ['admin', 'mpesa', 'registration'],
    queryFn: () => api<C2bRegistration>('/admin/mpesa/registration'),
  });

export function useAssignPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transId, orderId }: { transId: string; orderId: number }) =>
      api<{ order_id: number; status: string }>(
        `/admin/mpesa/unmatched/${encodeURIComponent(transId)}/assign`,
        { method: 'POST', body: { order_id: orderId } },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useReconcileStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<StatementReconciliation>('/admin/mpesa/statement', { method: 'POST', body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'mpesa'] }),
  });
}

export function useRegisterAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<C2bRegistration>('/admin/mpesa/registration', { method: 'POST' }),
    onSuccess: (registration) =>
      queryClient.setQueryData(c2bRegistrationQuery().queryKey, registration),
  });
}

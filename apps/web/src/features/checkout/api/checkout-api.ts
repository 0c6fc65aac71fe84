import { queryOptions } from '@tanstack/react-query';
import type {
  CheckoutDetails,
  CheckoutSummary,
  PaymentInfoInput,
  ShippingInput,
} from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const checkoutQueries = {
  details: () =>
    queryOptions({
      queryKey: ['checkout', 'details'],
      queryFn: () => api<CheckoutDetails>('/checkout/details'),
    }),
  summary: () =>
    queryOptions({
      queryKey: ['checkout', 'summary'],
      queryFn: () => api<CheckoutSummary>('/checkout/summary'),
      staleTime: 0,
    }),
};

export const saveShipping = (input: ShippingInput) =>
  api<{ message: string }>('/shipping', { method: 'POST', body: input });

export const savePaymentInfo = (input: PaymentInfoInput) =>
  api<{ message: string }>('/payment', { method: 'POST', body: input });

/** SPEC §7 sends the item total; the server ignores it and prices the cart itself. */
export const createPayment = (itemTotalCents: number) =>
  api<{ payment_link: string; order_id: number; paymentId: string }>('/create-payment', {
    method: 'POST',
    body: { order_total: itemTotalCents },
  });

export const executePayment = (paymentId: string, payerId: string) =>
  api<{ message: string; order_id: number }>('/execute-payment', {
    query: { paymentId, PayerID: payerId },
  });

export const cancelPayment = (paymentId: string) =>
  api<{ cancelled: boolean }>('/cancel-payment', { method: 'POST', body: { paymentId } });

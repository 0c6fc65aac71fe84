// Paying with M-Pesa: the push, the payment's status (asked every few seconds while the phone
// rings), and the profile's phone to start from.
import { queryOptions } from '@tanstack/react-query';
import type { MpesaStarted, PaymentStatusView } from '@duka/domain/payments/schemas';
import { api } from '../../../lib/api-client.ts';

/** How often the waiting screen asks whether the shopper has paid. */
export const STATUS_POLL_MS = 2_000;

/** A request to the phone; with `orderId`, for that open order again ('Try again'). */
export const startMpesaPayment = (phone: string, orderId?: number) =>
  api<MpesaStarted>('/create-payment', {
    method: 'POST',
    body: { method: 'mpesa', phone, ...(orderId ? { order_id: orderId } : {}) },
  });

/** What to enter in the M-Pesa menu; with `orderId`, for that open order (after a failed prompt). */
export const startPaybillPayment = (orderId?: number) =>
  api<MpesaStarted>('/create-payment', {
    method: 'POST',
    body: { method: 'mpesa_paybill', ...(orderId ? { order_id: orderId } : {}) },
  });

/** A Till payment's code from the SMS: the payment as it stands, or 'waiting' for M-Pesa. */
export const submitMpesaCode = (paymentId: string, code: string) =>
  api<PaymentStatusView | { status: 'waiting'; message: string }>(
    `/payments/${encodeURIComponent(paymentId)}/mpesa-code`,
    { method: 'POST', body: { code } },
  );

export const paymentStatusQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['checkout', 'payment', paymentId],
    queryFn: () => api<PaymentStatusView>(`/payments/${encodeURIComponent(paymentId)}`),
    // Until the answer is final; a network blip is asked again at the next tick.
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'pending' ? false : STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    retry: 3,
  });

/** The phone on the shopper's profile (the same query the account screens use). */
export const profilePhoneQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'],
    queryFn: () => api<{ phone_number: string }>('/profile'),
    retry: false,
  });

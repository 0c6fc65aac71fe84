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
  /**
   * The cart priced for step 1's choice before it is saved (nothing is saved): its fee and the
   * delivery discounts it would get. Under ['checkout', 'summary'], so whatever refreshes the
   * summary (a cart change, a code) refreshes these too.
   */
  summaryFor: (choice: DeliveryChoiceQuery) =>
    queryOptions({
      queryKey: ['checkout', 'summary', choice],
      queryFn: () => api<CheckoutSummary>('/checkout/summary', { query: { ...choice } }),
      staleTime: 0,
    }),
};

/** Step 1's delivery choice as the summary reads it: a county's homes, or a pickup point. */
export type DeliveryChoiceQuery =
  { delivery: 'home'; county: string } | { delivery: 'pickup'; pickup_point_id: string };

/** Tries a code on the cart: the summary with its discount, or a 422 saying why not (429 guessing). */
export const applyCoupon = (code: string) =>
  api<CheckoutSummary>('/cart/coupon', { method: 'POST', body: { code } });

/** Takes the cart's code off: the summary without it. */
export const removeCoupon = () => api<CheckoutSummary>('/cart/coupon', { method: 'DELETE' });

export const saveShipping = (input: ShippingInput) =>
  api<{ message: string }>('/shipping', { method: 'POST', body: input });

export const savePaymentInfo = (input: PaymentInfoInput) =>
  api<{ message: string }>('/payment', { method: 'POST', body: input });

/**
 * SPEC §7 sends the item total; the server ignores it and prices the cart itself. With `orderId`
 * it pays that order of the shopper's (paying later, from the order's page).
 */
export const createPayment = (itemTotalCents: number, orderId?: number) =>
  api<{ payment_link: string; order_id: number; paymentId: string }>('/create-payment', {
    method: 'POST',
    body: orderId ? { order_id: orderId } : { order_total: itemTotalCents },
  });

const PROCESSING = 'Payment processing';

/** The provider took the payment but it is not captured after a minute of asking. */
export class PaymentStillProcessing extends Error {
  constructor() {
    super('Your payment is still being confirmed. Please check Order History in a minute.');
  }
}

/**
 * Completes an approved payment. While another return of the same payment is being captured the
 * server answers 202 'Payment processing'; we ask again each second for up to a minute.
 */
export async function executePayment(paymentId: string, payerId: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const result = await api<{ message: string; order_id: number }>('/execute-payment', {
      query: { paymentId, PayerID: payerId },
    });
    if (result.message !== PROCESSING) return result;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new PaymentStillProcessing();
}

export const cancelPayment = (paymentId: string) =>
  api<{ cancelled: boolean }>('/cancel-payment', { method: 'POST', body: { paymentId } });

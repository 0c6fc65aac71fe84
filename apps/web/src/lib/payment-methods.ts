// How this shop takes payment (GET /api/payments/methods): checkout's buttons and the pages that
// explain paying read the same list, so they never promise what the shop does not take.
import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethods } from '@duka/domain/payments/schemas';
import { api } from './api-client.ts';

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'methods'],
    queryFn: () => api<PaymentMethods>('/payments/methods'),
    staleTime: 5 * 60_000,
  });

export type ShopPaymentMethod = PaymentMethods['methods'][number];

/**
 * 'M-Pesa, M-Pesa Paybill and PayPal' (or '… or PayPal' for a choice): the ways to pay now. Pay on
 * delivery is offered county by county, so the pages that name it say where (the delivery
 * settings).
 */
export function methodList(
  methods: readonly ShopPaymentMethod[],
  /** 'and', 'or', or the same word in the page's language. */
  conjunction = 'and',
): string {
  const labels = methods.filter((m) => m.kind !== 'on_delivery').map((m) => m.label);
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} ${conjunction} ${labels.at(-1)}`;
}

// Delivery's figures as checkout, the delivery page, the FAQ and the back office read them: the
// same settings checkout charges by (issue 22).
import { queryOptions } from '@tanstack/react-query';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { api } from './api-client.ts';

export const deliveryQueries = {
  counties: () =>
    queryOptions({
      queryKey: ['delivery', 'counties'],
      queryFn: () => api<DeliveryCounty[]>('/delivery/counties'),
      staleTime: 60_000,
    }),
  pickupPoints: () =>
    queryOptions({
      queryKey: ['delivery', 'pickup-points'],
      queryFn: () => api<PickupPoint[]>('/delivery/pickup-points'),
      staleTime: 60_000,
    }),
  adminPickupPoints: () =>
    queryOptions({
      queryKey: ['admin', 'pickup-points'],
      queryFn: () => api<PickupPoint[]>('/admin/pickup-points'),
    }),
};

/** The cheapest and dearest fees, and the fewest and most days, over every county. */
export function deliveryRange(counties: readonly DeliveryCounty[]) {
  const fees = counties.map((c) => c.fee);
  return {
    minFee: Math.min(...fees),
    maxFee: Math.max(...fees),
    minDays: Math.min(...counties.map((c) => c.eta_min_days)),
    maxDays: Math.max(...counties.map((c) => c.eta_max_days)),
  };
}

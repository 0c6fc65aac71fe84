// Delivery's figures as checkout, the delivery page, the FAQ and the back office read them: the
// same settings checkout charges by (issue 22).
import { queryOptions } from '@tanstack/react-query';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { api } from './api-client.ts';
import { groupThousands } from '@duka/domain/common/numbers';

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

/** How a delivery summary is worded: English by default, the page's language where it is shown. */
export interface DeliveryWords {
  everywhere: (fee: string, days: string) => string;
  byCounty: (minFee: string, maxFee: string, days: string) => string;
}

const ENGLISH: DeliveryWords = {
  everywhere: (fee, days) => `${fee} anywhere in Kenya, ${days} business days`,
  byCounty: (minFee, maxFee, days) => `${minFee} to ${maxFee} by county, ${days} business days`,
};

/**
 * 'Ksh 50 anywhere in Kenya, 3-5 business days' or 'Ksh 150 to Ksh 800 by county, 2-7 business
 * days': what delivery costs and takes, from the same settings checkout charges by (the
 * specification's figures until they are loaded).
 */
export function deliverySummary(
  counties: readonly DeliveryCounty[] | undefined,
  words: DeliveryWords = ENGLISH,
): string {
  const r = counties?.length
    ? deliveryRange(counties)
    : { minFee: 50, maxFee: 50, minDays: 3, maxDays: 5 };
  const ksh = (n: number) => `Ksh ${groupThousands(n)}`;
  const days = r.minDays === r.maxDays ? `${r.minDays}` : `${r.minDays}-${r.maxDays}`;
  return r.minFee === r.maxFee
    ? words.everywhere(ksh(r.minFee), days)
    : words.byCounty(ksh(r.minFee), ksh(r.maxFee), days);
}

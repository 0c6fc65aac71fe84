// What delivery costs and takes, as the product page's facts say it, in the page's language
// (lib/delivery.ts works out the figures).
import type { DeliveryCounty } from '@duka/domain/delivery/schemas';
import { deliverySummary } from '../../../lib/delivery.ts';
import { useCatalogText } from '../text.ts';

/** 'Ksh 50 anywhere in Kenya, 3-5 business days' (the specification's figures until loaded). */
export function useDeliverySummary(counties: readonly DeliveryCounty[] | undefined): string {
  const t = useCatalogText();
  return deliverySummary(counties, {
    everywhere: (fee, days) => t('productFacts.deliveryEverywhere', { fee, days }),
    byCounty: (minFee, maxFee, days) =>
      t('productFacts.deliveryByCounty', { minFee, maxFee, days }),
  });
}

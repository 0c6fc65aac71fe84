// What delivery costs and takes, as the product page's facts say it, in the page's language: the
// same figures and English words as lib/delivery.ts's deliverySummary.
import type { DeliveryCounty } from '@duka/domain/delivery/schemas';
import { deliveryRange } from '../../../lib/delivery.ts';
import { useCatalogText } from '../text.ts';

const ksh = (shillings: number) => `Ksh ${shillings.toLocaleString('en-KE')}`;

/** 'Ksh 50 anywhere in Kenya, 3-5 business days' (the specification's figures until loaded). */
export function useDeliverySummary(counties: readonly DeliveryCounty[] | undefined): string {
  const t = useCatalogText();
  const r = counties?.length
    ? deliveryRange(counties)
    : { minFee: 50, maxFee: 50, minDays: 3, maxDays: 5 };
  const days = r.minDays === r.maxDays ? `${r.minDays}` : `${r.minDays}-${r.maxDays}`;
  return r.minFee === r.maxFee
    ? t('productFacts.deliveryEverywhere', { fee: ksh(r.minFee), days })
    : t('productFacts.deliveryByCounty', { minFee: ksh(r.minFee), maxFee: ksh(r.maxFee), days });
}

// Whether an order may be paid on delivery (issue 22, decision record 020): only where its county
// (a pickup point's county for a pickup) offers it, and only up to that county's maximum.
import { formatKsh } from '../pricing/money.ts';

export interface PayOnDeliveryTerms {
  name: string;
  payOnDelivery: boolean;
  payOnDeliveryMaxCents: number | null;
}

/** Why this order cannot be paid on delivery, in words for the shopper; null when it can. */
export function payOnDeliveryRefusal(
  county: PayOnDeliveryTerms | null,
  totalCents: number,
): string | null {
  if (!county) return 'Choose your county in the shipping step to pay on delivery.';
  if (!county.payOnDelivery) return `Pay on delivery is not offered in ${county.name}.`;
  if (county.payOnDeliveryMaxCents !== null && totalCents > county.payOnDeliveryMaxCents) {
    return `Pay on delivery is offered in ${county.name} for orders up to ${formatKsh(county.payOnDeliveryMaxCents)}. Please pay now instead.`;
  }
  return null;
}

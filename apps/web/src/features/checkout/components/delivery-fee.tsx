// Step 1's line under the delivery choice: what delivery to the county or point as chosen costs,
// after any delivery discount (free or cheaper delivery, issue 36), each named, and when it should
// arrive. The server prices the choice before it is saved (GET /api/checkout/summary with it), so
// a shopper is never told a fee the offer takes away.
import { useQuery } from '@tanstack/react-query';
import { expectedDelivery } from '@duka/domain/orders/delivery';
import { formatKsh } from '@duka/domain/pricing/money';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { formatDayRange } from '../../../lib/dates.ts';
import { checkoutQueries, type DeliveryChoiceQuery } from '../api/checkout-api.ts';
import { useCheckoutText } from '../text.ts';

export interface DeliveryTerms {
  place: string;
  /** The county's or point's fee, whole shillings, as the delivery list has it. */
  fee: number;
  min: number;
  max: number;
}

export function DeliveryFee({
  terms,
  choice,
}: {
  terms: DeliveryTerms | null;
  choice: DeliveryChoiceQuery | null;
}) {
  const priced = useQuery({
    ...checkoutQueries.summaryFor(choice ?? { delivery: 'home', county: '' }),
    enabled: choice !== null,
  });
  const t = useCheckoutText();
  const arrival = terms ? expectedDelivery(new Date(), { min: terms.min, max: terms.max }) : null;
  const summary = priced.data;
  const offers = summary?.discounts.filter((d) => d.on === 'delivery') ?? [];
  const feeCents = summary?.shippingCents ?? (terms ? terms.fee * 100 : 0);
  const paidCents = Math.max(0, feeCents - offers.reduce((sum, d) => sum + d.amountCents, 0));

  return (
    <div aria-live="polite" className="min-h-5 text-sm text-slate-700">
      {terms && arrival && (
        <>
          <p>
            {t('deliveryFee.to', { place: terms.place })}{' '}
            {offers.length > 0 ? (
              <>
                <strong>{paidCents === 0 ? t('deliveryFee.free') : formatKsh(paidCents)}</strong>{' '}
                <span className="text-slate-500 line-through">
                  <span className="sr-only">{t('deliveryFee.insteadOf')} </span>
                  {formatKsh(feeCents)}
                </span>
              </>
            ) : (
              <strong>{formatKsh(feeCents)}</strong>
            )}
            {/* Without the server's pricing an offer may still apply: say so, not a fee as final. */}
            {priced.isError && ` ${t('deliveryFee.beforeOffers')}`},{' '}
            {t('deliveryFee.expected', { dates: formatDayRange(arrival.from, arrival.to) })}
          </p>
          {offers.length > 0 && (
            <ul aria-label={t('deliveryFee.offers')} className="mt-1">
              {offers.map((d, i) => (
                <li key={i} className="text-green-800">
                  {discountLabel(d)}: {minusKsh(d.amountCents)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

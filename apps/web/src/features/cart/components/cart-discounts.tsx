// The cart's discounts by name (issue 36), as the server computes them for checkout: the browser
// only shows them. The cart's 'Total Price' stays the items' total (SPEC §2.6); here, what comes
// off the items and what the items then come to, and which offers take something off delivery
// (its fee, and so the offer's amount, depends on the place chosen at checkout).
import { useQuery } from '@tanstack/react-query';
import { formatKsh } from '@duka/domain/pricing/money';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { cartQueries } from '../api/cart-api.ts';
import { useCartText } from '../text.ts';

export function CartDiscounts() {
  const priced = useQuery(cartQueries.priced());
  const t = useCartText();
  const m = useMessageText();
  // Without the server's figures there is nothing true to say here; checkout shows them again.
  const summary = priced.data;
  if (!summary || summary.itemCount === 0) return null;
  const refused = summary.coupon?.message ? summary.coupon : null;
  const onItems = summary.discounts.filter((d) => d.on === 'items');
  const onDelivery = summary.discounts.filter((d) => d.on === 'delivery');
  if (summary.discounts.length === 0 && !refused) return null;
  const itemsAfter = summary.itemsCents - onItems.reduce((sum, d) => sum + d.amountCents, 0);
  return (
    <section
      aria-labelledby="cart-discounts"
      className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm"
    >
      <h3 id="cart-discounts" className="font-semibold text-slate-900">
        {t('cartDiscounts.title')}
      </h3>
      {onItems.length > 0 && (
        <>
          <ul aria-label={t('cartDiscounts.offItems')} className="mt-1">
            {onItems.map((d, i) => (
              <li key={i} className="flex justify-between gap-3 py-1 text-green-900">
                <span className="min-w-0">{discountLabel(d)}</span>
                <span className="font-semibold whitespace-nowrap">{minusKsh(d.amountCents)}</span>
              </li>
            ))}
          </ul>
          <p className="flex justify-between gap-3 border-t border-green-200 py-1 font-semibold text-slate-900">
            <span>{t('cartDiscounts.itemsAfter')}</span>
            <span className="whitespace-nowrap" data-testid="items-after-discounts">
              {formatKsh(itemsAfter)}
            </span>
          </p>
        </>
      )}
      {onDelivery.length > 0 && (
        <ul aria-label={t('cartDiscounts.offDeliveryList')} className="mt-1">
          {onDelivery.map((d, i) => (
            <li key={i} className="flex justify-between gap-3 py-1 text-green-900">
              <span className="min-w-0">{discountLabel(d)}</span>
              <span className="whitespace-nowrap">{t('cartDiscounts.offDelivery')}</span>
            </li>
          ))}
        </ul>
      )}
      {summary.discounts.length > 0 && (
        <p className="mt-1 text-xs text-slate-700">
          {onDelivery.length > 0 && `${t('cartDiscounts.deliveryOfferDepends')} `}
          {t(
            summary.pricesIncludeVat
              ? 'cartDiscounts.addsDelivery'
              : 'cartDiscounts.addsDeliveryAndVat',
          )}
        </p>
      )}
      {refused && (
        <p className="mt-1 text-slate-800">
          {t('cartDiscounts.yourCode')}{' '}
          <span className="font-mono font-semibold">{refused.code}</span>:{' '}
          {refused.message && m(refused.message)} {t('cartDiscounts.removeAtCheckout')}
        </p>
      )}
    </section>
  );
}

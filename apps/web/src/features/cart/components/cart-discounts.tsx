// The cart's discounts by name (issue 36), as the server computes them for checkout: the browser
// only shows them. The cart's 'Total Price' stays the items' total (SPEC §2.6); the discounts are
// taken off the order total at checkout, where delivery and VAT are added.
import { useQuery } from '@tanstack/react-query';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { cartQueries } from '../api/cart-api.ts';

export function CartDiscounts() {
  const priced = useQuery(cartQueries.priced());
  // Without the server's figures there is nothing true to say here; checkout shows them again.
  const summary = priced.data;
  if (!summary || summary.itemCount === 0) return null;
  const refused = summary.coupon?.message ? summary.coupon : null;
  if (summary.discounts.length === 0 && !refused) return null;
  return (
    <section
      aria-labelledby="cart-discounts"
      className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm"
    >
      <h3 id="cart-discounts" className="font-semibold text-slate-900">
        Discounts
      </h3>
      {summary.discounts.length > 0 && (
        <>
          <ul className="mt-1">
            {summary.discounts.map((d, i) => (
              <li key={i} className="flex justify-between gap-3 py-1 text-green-900">
                <span className="min-w-0">{discountLabel(d)}</span>
                <span className="font-semibold whitespace-nowrap">{minusKsh(d.amountCents)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-slate-700">
            Taken off your order total at checkout, where delivery and VAT are added.
          </p>
        </>
      )}
      {refused && (
        <p className="mt-1 text-slate-800">
          Your code <span className="font-mono font-semibold">{refused.code}</span>:{' '}
          {refused.message} You can remove it at checkout.
        </p>
      )}
    </section>
  );
}

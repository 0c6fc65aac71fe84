import { useQuery } from '@tanstack/react-query';
import { DELIVERY_DAYS } from '@duka/domain/orders/delivery';
import { SHIPPING_CENTS } from '@duka/domain/pricing/checkout-totals';
import { formatKsh } from '@duka/domain/pricing/money';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { deliveryQueries, deliveryRange } from '../../lib/delivery.ts';
import { StaticList, StaticPageLayout, StaticSection } from './static-page-layout.tsx';

function KeyFact({ value, label }: { value: string; label: string }) {
  return (
    <li className="rounded-2xl border border-emerald-100 bg-emerald-50/60 p-4">
      <p className="text-lg font-semibold text-emerald-800">{value}</p>
      <p className="mt-1 text-sm text-gray-600">{label}</p>
    </li>
  );
}

/** '3-5' or '3': a range of days or fees as the page writes it. */
const span = (low: string, high: string) => (low === high ? low : `${low}-${high}`);

export default function DeliveryPage() {
  useDocumentTitle('Delivery and Returns');
  // The same settings checkout charges by; the specification's figures until they load or are set.
  const counties = useQuery(deliveryQueries.counties());
  const range = counties.data?.length
    ? deliveryRange(counties.data)
    : {
        minFee: SHIPPING_CENTS / 100,
        maxFee: SHIPPING_CENTS / 100,
        minDays: DELIVERY_DAYS.min,
        maxDays: DELIVERY_DAYS.max,
      };
  const days = `${span(String(range.minDays), String(range.maxDays))} business days`;
  const fees =
    range.minFee === range.maxFee
      ? `Delivery costs ${formatKsh(range.minFee * 100)} anywhere in Kenya.`
      : `Delivery costs from ${formatKsh(range.minFee * 100)} to ${formatKsh(range.maxFee * 100)}, depending on your county.`;

  return (
    <StaticPageLayout
      eyebrow="Help"
      title="Delivery and Returns"
      intro={
        <p>
          We deliver across Kenya. Here is how long delivery takes, what it costs, and what to do if
          you need to return an item.
        </p>
      }
    >
      <ul aria-label="At a glance" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <KeyFact value="1-2 business days" label="to process your order" />
        <KeyFact value={days} label="for delivery" />
        <KeyFact value="30 days" label="to return an item" />
      </ul>

      <StaticSection title="Delivery">
        <StaticList>
          <li>Orders are processed within 1-2 business days.</li>
          <li>Delivery then takes {days}, depending on your county.</li>
          <li>
            {fees} Delivery charges depend on your location and the size of your order. You will see
            the exact charge at checkout, before you pay.
          </li>
          <li>
            You can also collect your order from one of our pickup points, chosen at checkout.
          </li>
        </StaticList>
      </StaticSection>

      <StaticSection title="Returns">
        <StaticList>
          <li>
            You can return an item within 30 days, as long as it is in its original condition.
          </li>
          <li>
            You pay the return shipping, unless the item is faulty or we sent you the wrong item.
          </li>
          <li>Refunds are made within 7-10 business days to your original payment method.</li>
          <li>Exchanges are possible, subject to availability.</li>
        </StaticList>
      </StaticSection>
    </StaticPageLayout>
  );
}

// /delivery (SPEC §2.15): written from the lists checkout charges by — every county's fee and days,
// the open pickup points — and the shop's return window (decision record 026), so it cannot
// contradict checkout.
import { useQuery } from '@tanstack/react-query';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { daysText, returnPolicyText } from '@duka/domain/settings/texts';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { deliveryQueries, deliveryRange } from '../../../lib/delivery.ts';
import { shopSettingsQuery } from '../../../lib/shop-settings.ts';
import { StaticList, StaticPageLayout, StaticSection } from '../static-page-layout.tsx';

function KeyFact({ value, label }: { value: string; label: string }) {
  return (
    <li className="rounded-2xl border border-emerald-100 bg-emerald-50/60 p-4">
      <p className="text-lg font-semibold text-emerald-800">{value}</p>
      <p className="mt-1 text-sm text-gray-600">{label}</p>
    </li>
  );
}

/** '3-5' or '3': a range of days as the page writes it. */
const span = (low: number, high: number) => (low === high ? `${low}` : `${low}-${high}`);
const ksh = (shillings: number) => formatKsh(shillings * 100);

/** Each county's fee and days, for when they are not the same everywhere. */
function CountyFees({ counties }: { counties: readonly DeliveryCounty[] }) {
  return (
    <details className="rounded-2xl border border-gray-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-emerald-600">
        Delivery fee and days for each county
      </summary>
      <table className="w-full border-t border-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              County
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Fee
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Business days
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {counties.map((c) => (
            <tr key={c.code}>
              <th scope="row" className="px-4 py-2 text-left font-normal text-gray-900">
                {c.name}
              </th>
              <td className="px-4 py-2 text-right">{ksh(c.fee)}</td>
              <td className="px-4 py-2 text-right">{span(c.eta_min_days, c.eta_max_days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function PickupPoints({ points }: { points: readonly PickupPoint[] }) {
  return (
    <>
      <p>
        You can also collect your order from{' '}
        {points.length === 1 ? 'our pickup point' : `one of our ${points.length} pickup points`},
        chosen at checkout:
      </p>
      <StaticList>
        {points.map((p) => (
          <li key={p.id}>
            <span className="font-medium text-gray-900">{p.name}</span>, {p.address} ({p.county}
            ): {ksh(p.fee)}, open {p.opening_hours}.
          </li>
        ))}
      </StaticList>
    </>
  );
}

export default function DeliveryPage() {
  useDocumentTitle('Delivery and Returns');
  const counties = useQuery(deliveryQueries.counties());
  const points = useQuery(deliveryQueries.pickupPoints());
  const settings = useQuery(shopSettingsQuery());

  if (counties.isError || points.isError || settings.isError) {
    return <ErrorText>We could not load what delivery costs. Please reload the page.</ErrorText>;
  }
  if (!counties.data || !points.data || !settings.data) return <LoadingText />;

  const range = deliveryRange(counties.data);
  const days = `${span(range.minDays, range.maxDays)} business days`;
  const sameFee = range.minFee === range.maxFee;
  const [first] = counties.data;
  const sameDays = counties.data.every(
    (c) => c.eta_min_days === first?.eta_min_days && c.eta_max_days === first.eta_max_days,
  );
  const returnDays = settings.data.return_window_days;
  const { phone, email } = settings.data;

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
        {returnDays > 0 ? (
          <KeyFact value={daysText(returnDays)} label="to return an item" />
        ) : (
          <KeyFact value={returnPolicyText(0)} label="unless a product's page says otherwise" />
        )}
      </ul>

      <StaticSection title="Delivery">
        <StaticList>
          <li>Orders are processed within 1-2 business days.</li>
          <li>
            Delivery then takes {days}
            {sameDays ? '' : ', depending on your county'}.
          </li>
          <li>
            {sameFee
              ? `Delivery costs ${ksh(range.minFee)}, whichever county you are in.`
              : `Delivery costs from ${ksh(range.minFee)} to ${ksh(range.maxFee)}, depending on your county.`}{' '}
            You will see the exact charge at checkout, before you pay.
          </li>
        </StaticList>
        {!(sameFee && sameDays) && <CountyFees counties={counties.data} />}
        {points.data.length > 0 && <PickupPoints points={points.data} />}
      </StaticSection>

      <StaticSection title="Returns">
        {returnDays > 0 ? (
          <StaticList>
            <li>
              You can return an item within {daysText(returnDays)} of delivery, as long as it is in
              its original condition, unless the product&apos;s page gives a return policy of its
              own.
            </li>
            <li>
              You pay the return shipping, unless the item is faulty or we sent you the wrong item.
            </li>
            <li>Refunds are made within 7-10 business days to your original payment method.</li>
            <li>Exchanges are possible, subject to availability.</li>
          </StaticList>
        ) : (
          <StaticList>
            <li>
              Items cannot be returned, unless the product&apos;s page gives a return policy of its
              own.
            </li>
            <li>
              If an item arrives faulty or is not what you ordered, call us on {phone} or write to{' '}
              {email}.
            </li>
          </StaticList>
        )}
      </StaticSection>
    </StaticPageLayout>
  );
}

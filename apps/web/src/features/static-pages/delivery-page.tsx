// /delivery (SPEC §2.15): written from the lists checkout charges by — every county's fee and days,
// the open pickup points — and the shop's return window (decision record 026), so it cannot
// contradict checkout.
import { useQuery } from '@tanstack/react-query';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { ErrorText, LoadingText } from '../../components/ui/status.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { deliveryQueries, deliveryRange } from '../../lib/delivery.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import { rich } from './rich-text.tsx';
import { StaticList, StaticPageLayout, StaticSection } from './static-page-layout.tsx';
import { useStaticText } from './text.ts';

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
  const t = useStaticText();
  return (
    <details className="rounded-2xl border border-gray-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-emerald-600">
        {t('deliveryPage.countyFees')}
      </summary>
      <table className="w-full border-t border-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {t('deliveryPage.county')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('deliveryPage.fee')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('deliveryPage.days')}
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
  const t = useStaticText();
  return (
    <>
      <p>{t('deliveryPage.pickup', { count: points.length })}</p>
      <StaticList>
        {points.map((p) => (
          <li key={p.id}>
            {rich(
              t,
              'deliveryPage.pickupPoint',
              { name: <span className="font-medium text-gray-900">{p.name}</span> },
              { address: p.address, county: p.county, fee: ksh(p.fee), hours: p.opening_hours },
            )}
          </li>
        ))}
      </StaticList>
    </>
  );
}

export default function DeliveryPage() {
  const t = useStaticText();
  useDocumentTitle(t('deliveryPage.title'));
  const counties = useQuery(deliveryQueries.counties());
  const points = useQuery(deliveryQueries.pickupPoints());
  const settings = useQuery(shopSettingsQuery());

  if (counties.isError || points.isError || settings.isError) {
    return <ErrorText>{t('deliveryPage.loadError')}</ErrorText>;
  }
  if (!counties.data || !points.data || !settings.data) return <LoadingText />;

  const range = deliveryRange(counties.data);
  const days = t('deliveryPage.businessDays', { span: span(range.minDays, range.maxDays) });
  const sameFee = range.minFee === range.maxFee;
  const [first] = counties.data;
  const sameDays = counties.data.every(
    (c) => c.eta_min_days === first?.eta_min_days && c.eta_max_days === first.eta_max_days,
  );
  const returnDays = settings.data.return_window_days;
  const { phone, email } = settings.data;
  const returnWindow = t('staticPages.days', { days: returnDays });

  return (
    <StaticPageLayout
      eyebrow={t('staticPages.help')}
      title={t('deliveryPage.title')}
      intro={<p>{t('deliveryPage.intro')}</p>}
    >
      <ul
        aria-label={t('deliveryPage.atAGlance')}
        className="grid grid-cols-1 gap-4 sm:grid-cols-3"
      >
        <KeyFact value={t('deliveryPage.processing')} label={t('deliveryPage.toProcess')} />
        <KeyFact value={days} label={t('deliveryPage.forDelivery')} />
        {returnDays > 0 ? (
          <KeyFact value={returnWindow} label={t('deliveryPage.toReturn')} />
        ) : (
          <KeyFact value={t('staticPages.noReturns')} label={t('deliveryPage.unlessProduct')} />
        )}
      </ul>

      <StaticSection title={t('deliveryPage.delivery')}>
        <StaticList>
          <li>{t('deliveryPage.processed')}</li>
          <li>
            {sameDays
              ? t('deliveryPage.takes', { days })
              : t('deliveryPage.takesByCounty', { days })}
          </li>
          <li>
            {sameFee
              ? t('deliveryPage.costs', { fee: ksh(range.minFee) })
              : t('deliveryPage.costsByCounty', {
                  minFee: ksh(range.minFee),
                  maxFee: ksh(range.maxFee),
                })}{' '}
            {t('deliveryPage.exactCharge')}
          </li>
        </StaticList>
        {!(sameFee && sameDays) && <CountyFees counties={counties.data} />}
        {points.data.length > 0 && <PickupPoints points={points.data} />}
      </StaticSection>

      <StaticSection title={t('deliveryPage.returns')}>
        {returnDays > 0 ? (
          <StaticList>
            <li>{t('deliveryPage.returnWithin', { days: returnWindow })}</li>
            <li>{t('deliveryPage.returnShipping')}</li>
            <li>{t('deliveryPage.refunds')}</li>
            <li>{t('deliveryPage.exchanges')}</li>
          </StaticList>
        ) : (
          <StaticList>
            <li>{t('deliveryPage.noReturns')}</li>
            <li>{t('deliveryPage.faulty', { phone, email })}</li>
          </StaticList>
        )}
      </StaticSection>
    </StaticPageLayout>
  );
}

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CheckoutDetails, CheckoutSummary } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatDayRange } from '../../../lib/dates.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { productTitle } from '../../../lib/i18n/product-text.ts';
import { useCheckoutText } from '../text.ts';
import { checkoutQueries } from '../api/checkout-api.ts';
import { PaymentChoice } from './payment-choice.tsx';
import { deliveryQueries } from '../../../lib/delivery.ts';
import { PayOnDeliveryButton } from './pay-on-delivery-button.tsx';
import { CouponField } from './coupon-field.tsx';
import { SummaryTotals } from './summary-totals.tsx';

function Lines({ lines }: { lines: CheckoutSummary['lines'] }) {
  const t = useCheckoutText();
  const locale = useLocale();
  return (
    <section aria-labelledby="summary-items">
      <h3 id="summary-items" className="mb-2 text-sm font-semibold text-slate-900">
        {t('summaryStep.items')}
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {lines.map((line) => (
          <li key={line.productId} className="flex items-baseline gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1">
              {productTitle(line, locale)}{' '}
              <span className="whitespace-nowrap text-slate-600">× {line.quantity}</span>
            </span>
            <span className="font-medium whitespace-nowrap">{formatKsh(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A small labelled panel of step 3 (where it goes, when, the tax invoice). */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-slate-50 p-3 text-sm">
      <h3 id={id} className="mb-1 font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Delivery({ details, summary }: { details: CheckoutDetails; summary: CheckoutSummary }) {
  const street = [details.apartment_number, details.street_address].filter(Boolean).join(', ');
  const counties = useQuery(deliveryQueries.counties());
  const points = useQuery({
    ...deliveryQueries.pickupPoints(),
    enabled: details.delivery === 'pickup',
  });
  const county = counties.data?.find((c) => c.code === details.county)?.name;
  const point =
    details.delivery === 'pickup'
      ? points.data?.find((p) => p.id === details.pickup_point_id)
      : undefined;
  const expected = summary.expectedDelivery;
  const t = useCheckoutText();
  const days = summary.deliveryDays;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {point ? (
        <Panel id="summary-address" title={t('summaryStep.pickupPoint')}>
          <address className="text-slate-700 not-italic">
            <span className="block font-medium">{point.name}</span>
            <span className="block">{point.address}</span>
            <span className="block">{point.opening_hours}</span>
            {details.name && (
              <span className="mt-1 block">{t('summaryStep.for', { name: details.name })}</span>
            )}
          </address>
        </Panel>
      ) : (
        <Panel id="summary-address" title={t('summaryStep.address')}>
          <address className="text-slate-700 not-italic">
            {details.name && <span className="block">{details.name}</span>}
            {street && <span className="block">{street}</span>}
            <span className="block">
              {[details.city, details.zip_code].filter(Boolean).join(' ')}
            </span>
            {county && <span className="block">{t('summaryStep.county', { county })}</span>}
          </address>
        </Panel>
      )}
      <Panel id="summary-delivery" title={t('summaryStep.expected')}>
        <p className="text-slate-700">{formatDayRange(expected.from, expected.to)}</p>
        <p className="mt-1 text-xs text-slate-600">
          {t('summaryStep.days', { min: days.min, max: days.max })}
        </p>
      </Panel>
      {details.kra_pin && (
        <Panel id="summary-tax-invoice" title={t('summaryStep.taxInvoice')}>
          <p className="text-slate-700">
            {t('summaryStep.kraPin', {
              business: details.business_name ?? details.name ?? '',
              pin: details.kra_pin,
            })}
          </p>
        </Panel>
      )}
    </div>
  );
}

/**
 * Step 3: what is bought, where it goes and when it should arrive, the coupon code, and the totals
 * as the server computed them from the cart (SPEC §2.11, DESIGN 3, issue 36).
 */
export function SummaryStep({
  details,
  onBack,
}: {
  /** What the shopper entered in steps 1 and 2. */
  details: CheckoutDetails;
  onBack: () => void;
}) {
  const summary = useQuery(checkoutQueries.summary());
  const t = useCheckoutText();
  const m = useMessageText();

  if (summary.isPending) return <LoadingText />;
  if (summary.isError)
    return <ErrorText>{t('summaryStep.failed', { reason: m(summary.error.message) })}</ErrorText>;
  const s = summary.data;
  const empty = s.itemCount === 0;

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t('summaryStep.title')}</h2>
      {empty ? (
        <div className="rounded-lg bg-slate-50 p-4 text-center">
          <p>{t('summaryStep.empty')}</p>
          <ButtonLink to="/products" variant="secondary" className="mt-3">
            {t('summaryStep.continueShopping')}
          </ButtonLink>
        </div>
      ) : (
        <>
          <Lines lines={s.lines} />
          <Delivery details={details} summary={s} />
        </>
      )}
      {!empty && (
        <>
          <CouponField coupon={s.coupon} />
          <SummaryTotals summary={s} />
        </>
      )}
      <PaymentChoice
        amountCents={s.totalCents}
        itemTotalCents={s.itemsCents}
        disabled={empty}
        back={(busy) => (
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {t('summaryStep.back')}
          </Button>
        )}
        payOnDelivery={
          <PayOnDeliveryButton details={details} totalCents={s.totalCents} disabled={empty} />
        }
      />
    </div>
  );
}

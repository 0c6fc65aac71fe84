import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CheckoutDetails, CheckoutSummary } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatDayRange } from '../../../lib/dates.ts';
import { checkoutQueries } from '../api/checkout-api.ts';
import { PaymentChoice } from './payment-choice.tsx';
import { deliveryQueries } from '../../../lib/delivery.ts';
import { PayOnDeliveryButton } from './pay-on-delivery-button.tsx';
import { CouponField } from './coupon-field.tsx';
import { SummaryTotals } from './summary-totals.tsx';

function Lines({ lines }: { lines: CheckoutSummary['lines'] }) {
  return (
    <section aria-labelledby="summary-items">
      <h3 id="summary-items" className="mb-2 text-sm font-semibold text-slate-900">
        Your items
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {lines.map((line) => (
          <li key={line.productId} className="flex items-baseline gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1">
              {line.title}{' '}
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
  const days = summary.deliveryDays;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {point ? (
        <Panel id="summary-address" title="Pickup point">
          <address className="text-slate-700 not-italic">
            <span className="block font-medium">{point.name}</span>
            <span className="block">{point.address}</span>
            <span className="block">{point.opening_hours}</span>
            {details.name && <span className="mt-1 block">For {details.name}</span>}
          </address>
        </Panel>
      ) : (
        <Panel id="summary-address" title="Delivery address">
          <address className="text-slate-700 not-italic">
            {details.name && <span className="block">{details.name}</span>}
            {street && <span className="block">{street}</span>}
            <span className="block">
              {[details.city, details.zip_code].filter(Boolean).join(' ')}
            </span>
            {county && <span className="block">{county} County</span>}
          </address>
        </Panel>
      )}
      <Panel id="summary-delivery" title="Expected delivery">
        <p className="text-slate-700">{formatDayRange(expected.from, expected.to)}</p>
        <p className="mt-1 text-xs text-slate-600">
          1-2 business days to process, then {days.min}-{days.max} business days to deliver.
        </p>
      </Panel>
      {details.kra_pin && (
        <Panel id="summary-tax-invoice" title="Tax invoice">
          <p className="text-slate-700">
            {details.business_name ?? details.name}, KRA PIN {details.kra_pin}
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

  if (summary.isPending) return <LoadingText />;
  if (summary.isError)
    return <ErrorText>We could not load your order summary: {summary.error.message}</ErrorText>;
  const s = summary.data;
  const empty = s.itemCount === 0;

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Summary</h2>
      {empty ? (
        <div className="rounded-lg bg-slate-50 p-4 text-center">
          <p>Your cart is empty.</p>
          <ButtonLink to="/products" variant="secondary" className="mt-3">
            Continue Shopping
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
            Back
          </Button>
        )}
        payOnDelivery={
          <PayOnDeliveryButton details={details} totalCents={s.totalCents} disabled={empty} />
        }
      />
    </div>
  );
}

// Checkout step 1's delivery part (issue 22): the county, home delivery or a pickup point, and what
// the choice costs and when it should arrive, shown as soon as it is made.
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import { expectedDelivery } from '@duka/domain/orders/delivery';
import type { ShippingForm } from '@duka/domain/checkout/schemas';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { formatDayRange } from '../../../lib/dates.ts';
import { deliveryQueries } from '../../../lib/delivery.ts';

/** What the chosen county or point costs and takes; null until one is chosen. */
export function deliveryTerms(
  counties: readonly DeliveryCounty[] | undefined,
  points: readonly PickupPoint[] | undefined,
  choice: {
    delivery?: string | undefined;
    county?: string | undefined;
    pickupPointId?: string | undefined;
  },
): { place: string; fee: number; min: number; max: number } | null {
  if (choice.delivery === 'pickup') {
    const point = points?.find((p) => String(p.id) === choice.pickupPointId);
    return point
      ? { place: point.name, fee: point.fee, min: point.eta_min_days, max: point.eta_max_days }
      : null;
  }
  const county = counties?.find((c) => c.code === choice.county);
  return county
    ? { place: county.name, fee: county.fee, min: county.eta_min_days, max: county.eta_max_days }
    : null;
}

export function DeliveryChoice({
  register,
  errors,
  delivery,
  county,
  pickupPointId,
}: {
  register: UseFormRegister<ShippingForm>;
  errors: FieldErrors<ShippingForm>;
  delivery: string | undefined;
  county: string | undefined;
  pickupPointId: string | undefined;
}) {
  const counties = useQuery(deliveryQueries.counties());
  const points = useQuery(deliveryQueries.pickupPoints());
  const pickup = delivery === 'pickup';
  const shownPoints = (points.data ?? []).filter((p) => !county || p.county_code === county);
  const terms = deliveryTerms(counties.data, points.data, { delivery, county, pickupPointId });
  const arrival = terms ? expectedDelivery(new Date(), { min: terms.min, max: terms.max }) : null;

  return (
    <>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Delivery</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value="home"
              className="size-6 accent-brand-700"
              {...register('delivery')}
            />
            Home delivery
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value="pickup"
              className="size-6 accent-brand-700"
              disabled={points.isSuccess && points.data.length === 0}
              {...register('delivery')}
            />
            Pickup point
          </label>
        </div>
      </fieldset>
      <Field label="County" error={errors.county?.message}>
        {(a11y) => (
          <select {...a11y} className={inputClass} {...register('county')}>
            <option value="">{counties.isPending ? 'Loading...' : 'Select your county'}</option>
            {counties.data?.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {pickup && (
        <Field label="Pickup Point" error={errors.pickup_point_id?.message}>
          {(a11y) => (
            <select {...a11y} className={inputClass} {...register('pickup_point_id')}>
              <option value="">
                {shownPoints.length ? 'Choose a pickup point' : 'No pickup point in this county'}
              </option>
              {shownPoints.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}, {p.address} ({p.opening_hours}) · {formatKsh(p.fee * 100)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <p aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {terms && arrival && (
          <>
            Delivery to {terms.place}: <strong>{formatKsh(terms.fee * 100)}</strong>, expected{' '}
            {formatDayRange(arrival.from, arrival.to)}.
          </>
        )}
      </p>
    </>
  );
}

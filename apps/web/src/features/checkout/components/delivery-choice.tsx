// Checkout step 1's delivery part (issue 22): the county, home delivery or a pickup point, and what
// the choice costs (after any delivery discount, issue 36) and when it should arrive, shown as soon
// as it is made.
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { ShippingForm } from '@duka/domain/checkout/schemas';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { deliveryQueries } from '../../../lib/delivery.ts';
import type { DeliveryChoiceQuery } from '../api/checkout-api.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useCheckoutText } from '../text.ts';
import { DeliveryFee, type DeliveryTerms } from './delivery-fee.tsx';

/** What the chosen county or point costs and takes; null until one is chosen. */
export function deliveryTerms(
  counties: readonly DeliveryCounty[] | undefined,
  points: readonly PickupPoint[] | undefined,
  choice: {
    delivery?: string | undefined;
    county?: string | undefined;
    pickupPointId?: string | undefined;
  },
): DeliveryTerms | null {
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

/** The choice as the summary prices it: the point for a pickup, else the county's homes. */
function choiceOf(
  delivery: string | undefined,
  county: string | undefined,
  pickupPointId: string | undefined,
): DeliveryChoiceQuery | null {
  if (delivery === 'pickup') {
    return pickupPointId ? { delivery: 'pickup', pickup_point_id: pickupPointId } : null;
  }
  return county ? { delivery: 'home', county } : null;
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
  const t = useCheckoutText();
  const m = useMessageText();
  const shownPoints = (points.data ?? []).filter((p) => !county || p.county_code === county);
  const terms = deliveryTerms(counties.data, points.data, { delivery, county, pickupPointId });

  return (
    <>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">
          {t('deliveryChoice.delivery')}
        </legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value="home"
              className="size-6 accent-brand-700"
              {...register('delivery')}
            />
            {t('deliveryChoice.home')}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value="pickup"
              className="size-6 accent-brand-700"
              disabled={points.isSuccess && points.data.length === 0}
              {...register('delivery')}
            />
            {t('deliveryChoice.pickup')}
          </label>
        </div>
      </fieldset>
      <Field
        label={t('deliveryChoice.county')}
        error={errors.county?.message && m(errors.county.message)}
      >
        {(a11y) => (
          <select {...a11y} className={inputClass} {...register('county')}>
            <option value="">
              {t(counties.isPending ? 'deliveryChoice.loading' : 'deliveryChoice.selectCounty')}
            </option>
            {counties.data?.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {pickup && (
        <Field
          label={t('deliveryChoice.pickupPoint')}
          error={errors.pickup_point_id?.message && m(errors.pickup_point_id.message)}
        >
          {(a11y) => (
            <select {...a11y} className={inputClass} {...register('pickup_point_id')}>
              <option value="">
                {t(shownPoints.length ? 'deliveryChoice.choosePoint' : 'deliveryChoice.noPoint')}
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
      <DeliveryFee
        terms={terms}
        choice={terms ? choiceOf(delivery, county, pickupPointId) : null}
      />
    </>
  );
}

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { Address } from '@duka/domain/delivery/schemas';
import { FormMessage } from '../../../components/ui/status.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { shippingFormSchema, type ShippingForm } from '@duka/domain/checkout/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { saveAddress } from '../api/addresses-api.ts';
import { saveShipping } from '../api/checkout-api.ts';
import { SavedAddressPicker } from './saved-addresses.tsx';
import { DeliveryChoice } from './delivery-choice.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useCheckoutText } from '../text.ts';

const SERVER_FIELDS = ['county', 'phone', 'pickup_point_id', 'zip_code', 'city'] as const;

export function ShippingStep({
  initial,
  onCancel,
  onDone,
}: {
  initial: ShippingForm;
  onCancel: () => void;
  /** Runs once the server saved the step; the button stays busy until it is done. */
  onDone: () => void | Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ShippingForm>({ resolver: zodResolver(shippingFormSchema), defaultValues: initial });
  const [delivery, county, pickupPointId] = useWatch({
    control,
    name: ['delivery', 'county', 'pickup_point_id'],
  });

  const [keep, setKeep] = useState(false);
  const t = useCheckoutText();
  const m = useMessageText();
  const queryClient = useQueryClient();
  const pick = (a: Address) => {
    const [firstName = '', ...rest] = a.name.split(' ');
    reset({
      ...getValues(),
      firstName,
      lastName: rest.join(' '),
      street_address: a.street_address,
      apartment_number: a.apartment_number ?? '',
      city: a.city,
      zip_code: a.zip_code ?? '',
      county: a.county ?? '',
      phone: a.phone ? `0${a.phone.slice(3)}` : '',
      delivery: 'home',
    });
  };

  const onSubmit = handleSubmit(async (v) => {
    const pickup = v.delivery === 'pickup';
    try {
      if (keep) {
        await saveAddress({
          name: `${v.firstName.trim()} ${v.lastName.trim()}`,
          street_address: v.street_address,
          apartment_number: v.apartment_number || null,
          city: v.city,
          zip_code: v.zip_code || null,
          county: v.county || null,
          phone: v.phone?.trim() || null,
        });
        await queryClient.invalidateQueries({ queryKey: ['addresses'] });
      }
      await saveShipping({
        name: `${v.firstName.trim()} ${v.lastName.trim()}`,
        street_address: v.street_address,
        apartment_number: v.apartment_number || null,
        city: v.city,
        zip_code: v.zip_code || null,
        county: v.county || null,
        phone: v.phone?.trim() || null,
        delivery: pickup ? 'pickup' : 'home',
        pickup_point_id: pickup && v.pickup_point_id ? Number(v.pickup_point_id) : null,
      });
      await onDone();
    } catch (err) {
      if (err instanceof ApiError) {
        for (const name of SERVER_FIELDS) {
          const message = err.fields[name];
          if (message) setError(name, { message: m(message) });
        }
      }
      setError('root', {
        message: err instanceof ApiError ? m(err.message) : t('shippingStep.saveFailed'),
      });
    }
  });

  const text = (
    name:
      | 'firstName'
      | 'lastName'
      | 'street_address'
      | 'apartment_number'
      | 'city'
      | 'zip_code'
      | 'phone',
    label: string,
    autoComplete: string,
    type = 'text',
  ) => (
    <TextField
      label={label}
      type={type}
      error={errors[name]?.message && m(errors[name].message)}
      autoComplete={autoComplete}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{t('shippingStep.title')}</h2>
      {errors.root && <FormMessage kind="error">{errors.root.message}</FormMessage>}
      <SavedAddressPicker onPick={pick} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', t('shippingStep.firstName'), 'given-name')}
        {text('lastName', t('shippingStep.lastName'), 'family-name')}
      </div>
      {text('phone', t('shippingStep.phone'), 'tel', 'tel')}
      <DeliveryChoice
        register={register}
        errors={errors}
        delivery={delivery}
        county={county}
        pickupPointId={pickupPointId}
      />
      {text('street_address', t('shippingStep.street'), 'address-line1')}
      {text('apartment_number', t('shippingStep.apartment'), 'address-line2')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', t('shippingStep.town'), 'address-level2')}
        {text(
          'zip_code',
          t(
            county || delivery === 'pickup'
              ? 'shippingStep.zipCodeOptional'
              : 'shippingStep.zipCode',
          ),
          'postal-code',
        )}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-6"
          checked={keep}
          onChange={(e) => setKeep(e.target.checked)}
        />
        {t('shippingStep.keepAddress')}
      </label>
      <div className="flex justify-between gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('shippingStep.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'shippingStep.saving' : 'shippingStep.proceed')}
        </Button>
      </div>
    </form>
  );
}

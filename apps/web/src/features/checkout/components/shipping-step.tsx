import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/status.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { shippingFormSchema, type ShippingForm } from '@duka/domain/checkout/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { saveShipping } from '../api/checkout-api.ts';

export function ShippingStep({
  initial,
  onCancel,
  onDone,
}: {
  initial: ShippingForm;
  onCancel: () => void;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShippingForm>({ resolver: zodResolver(shippingFormSchema), defaultValues: initial });

  const onSubmit = handleSubmit(async (v) => {
    try {
      await saveShipping({
        name: `${v.firstName.trim()} ${v.lastName.trim()}`,
        street_address: v.street_address,
        apartment_number: v.apartment_number || null,
        city: v.city,
        zip_code: v.zip_code,
      });
      onDone();
    } catch (err) {
      setError('root', {
        message:
          err instanceof ApiError
            ? err.message
            : 'We could not save your address. Please try again.',
      });
    }
  });

  const text = (name: keyof ShippingForm, label: string, autoComplete: string) => (
    <TextField
      label={label}
      error={errors[name]?.message}
      autoComplete={autoComplete}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">Shipping Address</h2>
      {errors.root && <FormMessage kind="error">{errors.root.message}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'First Name', 'given-name')}
        {text('lastName', 'Last Name', 'family-name')}
      </div>
      {text('street_address', 'Street Address', 'address-line1')}
      {text('apartment_number', 'Apartment Number (optional)', 'address-line2')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', 'City', 'address-level2')}
        {text('zip_code', 'Zip Code', 'postal-code')}
      </div>
      <div className="flex justify-between gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Proceed'}
        </Button>
      </div>
    </form>
  );
}

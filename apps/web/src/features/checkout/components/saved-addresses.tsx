// Checkout step 1's saved addresses (issue 22): choosing one fills the form; what is typed can be
// kept for next time.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Address } from '@duka/domain/delivery/schemas';
import { inputClass } from '../../../components/ui/field.tsx';
import { addressQueries } from '../api/addresses-api.ts';
import { useCheckoutText } from '../text.ts';

const oneLine = (a: Address) =>
  [a.name, a.apartment_number, a.street_address, a.city].filter(Boolean).join(', ');

export function SavedAddressPicker({ onPick }: { onPick: (address: Address) => void }) {
  const id = useId();
  const saved = useQuery(addressQueries.mine());
  const t = useCheckoutText();
  if (!saved.data?.length) return null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('savedAddresses.label')}
      </label>
      <select
        id={id}
        className={inputClass}
        defaultValue=""
        onChange={(e) => {
          const picked = saved.data.find((a) => String(a.id) === e.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="">{t('savedAddresses.choose')}</option>
        {saved.data.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {oneLine(a)}
            {a.is_default ? ` ${t('savedAddresses.default')}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

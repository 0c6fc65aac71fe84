// Adds a pickup point, or changes one. Checked with the shared schema; what was typed stays when
// the server refuses it.
import { useId, useState, type FormEvent } from 'react';
import {
  pickupPointInputSchema,
  type DeliveryCounty,
  type PickupPoint,
} from '@duka/domain/delivery/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSavePickupPoint } from '../api/delivery-admin-api.ts';

type Draft = Record<'name' | 'county_code' | 'address' | 'opening_hours' | 'fee', string> & {
  active: boolean;
};

export function PickupPointForm({
  counties,
  point,
  onDone,
}: {
  counties: DeliveryCounty[];
  /** The point to change; a new one without. */
  point?: PickupPoint;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    name: point?.name ?? '',
    county_code: point?.county_code ?? '',
    address: point?.address ?? '',
    opening_hours: point?.opening_hours ?? '',
    fee: point ? String(point.fee) : '',
    active: point?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePickupPoint();
  const notice = useNotice();
  const headingId = useId();
  const set = (name: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = pickupPointInputSchema.safeParse({
      ...draft,
      fee: draft.fee.trim() === '' ? undefined : Number(draft.fee),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { ...(point ? { id: point.id } : {}), input: parsed.data },
      {
        onSuccess: (saved) => {
          notice('success', `${saved.name} saved`);
          onDone();
        },
        onError: (err) =>
          setErrors(
            err instanceof ApiError ? { ...err.fields, _: err.message } : { _: err.message },
          ),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {point ? `Edit ${point.name}` : 'Add a pickup point'}
      </h3>
      {errors._ && <FormMessage kind="error">{errors._}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={draft.name} onChange={set('name')} error={errors.name} />
        <Field label="County" error={errors.county_code}>
          {(a11y) => (
            <select
              {...a11y}
              className={inputClass}
              value={draft.county_code}
              onChange={set('county_code')}
            >
              <option value="">Select a county</option>
              {counties.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <TextField
        label="Address"
        value={draft.address}
        onChange={set('address')}
        error={errors.address}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Opening hours"
          placeholder="Mon–Sat 8:00–17:00"
          value={draft.opening_hours}
          onChange={set('opening_hours')}
          error={errors.opening_hours}
        />
        <TextField
          label="Fee (Ksh)"
          inputMode="numeric"
          value={draft.fee}
          onChange={set('fee')}
          error={errors.fee}
        />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))}
        />
        Open to new orders
      </label>
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : point ? 'Save' : 'Add Pickup Point'}
        </Button>
        {point && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

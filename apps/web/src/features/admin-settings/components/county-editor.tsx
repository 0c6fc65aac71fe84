// Changes one county's delivery terms, or the same change to several at once (fields left empty
// stay as each county has them). Checked with the shared schema before it is sent; the server's
// answer names any field it refuses, and what was typed stays.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  countyUpdateSchema,
  type CountyUpdate,
  type DeliveryCounty,
} from '@duka/domain/delivery/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateCounties } from '../api/delivery-admin-api.ts';

type Draft = Record<'fee' | 'eta_min_days' | 'eta_max_days' | 'pay_on_delivery_max', string> & {
  pay_on_delivery: 'yes' | 'no' | '';
};

const draftOf = (c: DeliveryCounty | undefined): Draft => ({
  fee: c ? String(c.fee) : '',
  eta_min_days: c ? String(c.eta_min_days) : '',
  eta_max_days: c ? String(c.eta_max_days) : '',
  pay_on_delivery: c ? (c.pay_on_delivery ? 'yes' : 'no') : '',
  pay_on_delivery_max: c?.pay_on_delivery_max ? String(c.pay_on_delivery_max) : '',
});

/** What the admin typed, as the API takes it: empty number fields are left out. */
function changeOf(draft: Draft, single: boolean): Record<string, unknown> {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  return {
    fee: number(draft.fee),
    eta_min_days: number(draft.eta_min_days),
    eta_max_days: number(draft.eta_max_days),
    pay_on_delivery: draft.pay_on_delivery === '' ? undefined : draft.pay_on_delivery === 'yes',
    // For one county an empty maximum means 'no limit'; in bulk it means 'leave it'.
    pay_on_delivery_max:
      draft.pay_on_delivery_max.trim() === ''
        ? single
          ? null
          : undefined
        : Number(draft.pay_on_delivery_max),
  };
}

export function CountyEditor({
  counties,
  onDone,
}: {
  counties: DeliveryCounty[];
  onDone: () => void;
}) {
  const single = counties.length === 1;
  const [draft, setDraft] = useState<Draft>(() => draftOf(single ? counties[0] : undefined));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateCounties();
  const notice = useNotice();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from a row far down the list: the form comes into view with its first field focused.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  const set = (name: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = countyUpdateSchema.safeParse(changeOf(draft, single));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])),
      );
      return;
    }
    setErrors({});
    const change: CountyUpdate = parsed.data;
    update.mutate(
      { codes: counties.map((c) => c.code), change },
      {
        onSuccess: () => {
          notice(
            'success',
            single ? `${counties[0]!.name} saved` : `${counties.length} counties saved`,
          );
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
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="font-semibold text-slate-900">
        {single ? `Edit ${counties[0]!.name}` : `Edit ${counties.length} counties`}
      </h2>
      {!single && (
        <p className="text-sm text-slate-600">
          {counties.map((c) => c.name).join(', ')}. Fields left empty stay as each county has them.
        </p>
      )}
      {errors._ && <FormMessage kind="error">{errors._}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Fee (Ksh)"
          inputMode="numeric"
          value={draft.fee}
          onChange={set('fee')}
          error={errors.fee}
        />
        <TextField
          label="Fewest days"
          inputMode="numeric"
          value={draft.eta_min_days}
          onChange={set('eta_min_days')}
          error={errors.eta_min_days}
        />
        <TextField
          label="Most days"
          inputMode="numeric"
          value={draft.eta_max_days}
          onChange={set('eta_max_days')}
          error={errors.eta_max_days}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-700">
          Pay on delivery
          <select
            value={draft.pay_on_delivery}
            onChange={set('pay_on_delivery')}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {!single && <option value="">Leave as it is</option>}
            <option value="yes">Offered</option>
            <option value="no">Not offered</option>
          </select>
        </label>
        <TextField
          label="Pay on delivery up to (Ksh, empty for no limit)"
          inputMode="numeric"
          value={draft.pay_on_delivery_max}
          onChange={set('pay_on_delivery_max')}
          error={errors.pay_on_delivery_max}
        />
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

// The orders CSV for the books: the days to take (Nairobi time) and the status the list shows.
import { useState, type FormEvent } from 'react';
import type { OrderStatus } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { ordersCsv } from '../api/orders-admin-api.ts';

const dateInput =
  'min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-none';

function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label}</span>
      <input
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
        className={dateInput}
      />
    </label>
  );
}

export function OrdersExport({ status }: { status?: OrderStatus | undefined }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setBusy(true);
    try {
      saveFile('duka-orders.csv', await ordersCsv({ status, from, to }));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'The export failed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={download}
      aria-label="Export orders"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <DayField label="From" value={from} max={to} onChange={setFrom} />
      <DayField label="To" value={to} min={from} onChange={setTo} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Exporting...' : 'Export CSV'}
      </Button>
      <p className="basis-full text-xs text-slate-500">
        The orders of these days (all when blank) and of the status chosen above, with their money
        and payment receipts, for the books.
      </p>
      {failure && (
        <p role="alert" className="basis-full text-sm text-red-700">
          {failure}
        </p>
      )}
    </form>
  );
}

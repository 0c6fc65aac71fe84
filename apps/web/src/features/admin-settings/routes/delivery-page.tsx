// The back office's Delivery screen (issue 22): what each county costs and takes and whether it
// may pay on delivery (one by one, or several ticked at once), and the pickup points.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { deliveryQueries } from '../../../lib/delivery.ts';
import { useDeletePickupPoint } from '../api/delivery-admin-api.ts';
import { CountyEditor } from '../components/county-editor.tsx';
import { PickupPointForm } from '../components/pickup-point-form.tsx';

const ksh = (shillings: number) => formatKsh(shillings * 100);

function Counties({ counties }: { counties: DeliveryCounty[] }) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<DeliveryCounty[] | null>(null);
  // 47 counties make a long page on a phone: a few letters of a name (or its code) find one.
  const [find, setFind] = useState('');
  const wanted = find.trim().toLowerCase();
  const shown = wanted
    ? counties.filter((c) => c.name.toLowerCase().includes(wanted) || c.code.includes(wanted))
    : counties;
  const toggle = (code: string) =>
    setTicked((t) => {
      const next = new Set(t);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  return (
    <section aria-labelledby="delivery-counties" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="delivery-counties" className="text-lg font-semibold text-slate-900">
          Counties
        </h2>
        <Button
          variant="secondary"
          disabled={ticked.size === 0}
          onClick={() => setEditing(counties.filter((c) => ticked.has(c.code)))}
        >
          Edit {ticked.size || ''} selected
        </Button>
      </div>
      {editing && (
        <CountyEditor
          key={editing.map((c) => c.code).join()}
          counties={editing}
          onDone={() => {
            setEditing(null);
            setTicked(new Set());
          }}
        />
      )}
      <label className="block max-w-sm text-sm">
        <span className="mb-1 block font-medium text-slate-700">Find a county</span>
        <input
          type="search"
          value={find}
          onChange={(e) => setFind(e.target.value)}
          placeholder="Name or code"
          className="w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
        />
      </label>
      {shown.length === 0 && <EmptyText>No county matches “{find.trim()}”.</EmptyText>}
      <ResponsiveTable
        caption="Delivery by county"
        compact
        rows={shown}
        rowKey={(c) => c.code}
        columns={[
          {
            header: 'Select',
            cell: (c) => (
              <input
                type="checkbox"
                aria-label={`Select ${c.name}`}
                checked={ticked.has(c.code)}
                onChange={() => toggle(c.code)}
                className="size-5"
              />
            ),
          },
          { header: 'Code', cell: (c) => c.code },
          { header: 'County', cell: (c) => c.name },
          { header: 'Fee', cell: (c) => ksh(c.fee), className: 'text-right' },
          { header: 'Days', cell: (c) => `${c.eta_min_days}-${c.eta_max_days}` },
          {
            header: 'Pay on delivery',
            cell: (c) =>
              c.pay_on_delivery
                ? c.pay_on_delivery_max === null
                  ? 'Yes'
                  : `Up to ${ksh(c.pay_on_delivery_max)}`
                : 'No',
          },
          {
            header: 'Actions',
            cell: (c) => (
              <Button variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => setEditing([c])}>
                Edit
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

function PickupPoints({ counties }: { counties: DeliveryCounty[] }) {
  const points = useQuery(deliveryQueries.adminPickupPoints());
  const [editing, setEditing] = useState<PickupPoint | null>(null);
  const remove = useDeletePickupPoint();
  const notice = useNotice();

  return (
    <section aria-labelledby="delivery-points" className="space-y-4">
      <h2 id="delivery-points" className="text-lg font-semibold text-slate-900">
        Pickup points
      </h2>
      {points.isPending ? (
        <LoadingText />
      ) : points.isError ? (
        <ErrorText>Could not load the pickup points: {points.error.message}</ErrorText>
      ) : points.data.length === 0 ? (
        <EmptyText>No pickup points yet.</EmptyText>
      ) : (
        <ResponsiveTable
          caption="Pickup points"
          rows={points.data}
          rowKey={(p) => p.id}
          columns={[
            { header: 'Name', cell: (p) => p.name },
            { header: 'County', cell: (p) => p.county },
            { header: 'Address', cell: (p) => p.address, stack: true },
            { header: 'Opening hours', cell: (p) => p.opening_hours },
            { header: 'Fee', cell: (p) => ksh(p.fee), className: 'text-right' },
            { header: 'Status', cell: (p) => (p.active ? 'Open' : 'Closed') },
            {
              header: 'Actions',
              cell: (p) => (
                <div className="flex gap-2">
                  <Button
                    variant="ghost"
                    aria-label={`Edit ${p.name}`}
                    onClick={() => setEditing(p)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${p.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (!window.confirm(`Remove ${p.name}? Orders keep its address.`)) return;
                      remove.mutate(p.id, {
                        onSuccess: () => notice('success', `${p.name} removed`),
                        onError: (err) => notice('error', err.message),
                      });
                    }}
                  >
                    Remove
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <PickupPointForm
          key={editing.id}
          counties={counties}
          point={editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <PickupPointForm key="new" counties={counties} onDone={() => undefined} />
      )}
    </section>
  );
}

export default function DeliveryAdminPage() {
  useDocumentTitle('Delivery');
  const counties = useQuery(deliveryQueries.counties());
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Delivery</h1>
      {counties.isPending ? (
        <LoadingText />
      ) : counties.isError ? (
        <ErrorText>Could not load the counties: {counties.error.message}</ErrorText>
      ) : (
        <>
          <Counties counties={counties.data} />
          <PickupPoints counties={counties.data} />
        </>
      )}
    </div>
  );
}

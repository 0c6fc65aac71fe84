// Invoices (issue 23): every tax invoice and credit note the shop issued, numbered without gaps,
// with its state at KRA's eTIMS: pending (with why the last attempt did not get through), sent, or
// failed with KRA's message and a retry once the cause is fixed. Above it, the device in use.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInvoice, InvoiceStatus } from '@duka/domain';
import { INVOICE_STATUSES } from '@duka/domain/tax/invoice-schemas';
import { formatKshExact } from '@duka/domain/pricing/money';
import { errorInWords, INVOICE_STATUS_WORDS } from '@duka/domain/admin/words';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate, formatNairobiDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { invoiceQueries, retryInvoice } from '../api/invoices-admin-api.ts';

const PAGE_SIZE = 20;

const STATUS_LOOK: Record<InvoiceStatus, [string, string]> = {
  pending: [INVOICE_STATUS_WORDS.pending!, 'bg-amber-100 text-amber-800'],
  sent: [INVOICE_STATUS_WORDS.sent!, 'bg-emerald-100 text-emerald-800'],
  failed: [INVOICE_STATUS_WORDS.failed!, 'bg-rose-100 text-rose-800'],
};

/** A message ending as a sentence does, so the next one can follow it. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function Device() {
  const device = useQuery(invoiceQueries.device());
  if (!device.data) return null;
  const d = device.data;
  return (
    <section
      aria-labelledby="etims-device"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="etims-device" className="mb-2 font-semibold text-slate-900">
        eTIMS device
      </h2>
      {d.mode === 'sandbox' && (
        <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          Built-in sandbox: receipts are marked ‘SANDBOX — NOT A TAX INVOICE’. Set the ETIMS_*
          settings to issue real tax invoices through KRA.
        </p>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">PIN</dt>
        <dd>{d.pin}</dd>
        <dt className="text-slate-500">Branch</dt>
        <dd>{d.branch}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>
          {d.initialised
            ? `Initialised ${d.initialised_at ? formatNairobiDate(d.initialised_at) : ''}`
            : 'Not initialised yet: it is initialised with the first invoice.'}
        </dd>
        {d.sdc_id && (
          <>
            <dt className="text-slate-500">Control unit</dt>
            <dd className="font-mono">{d.sdc_id}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function InvoiceState({ invoice }: { invoice: AdminInvoice }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: retryInvoice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invoices'] }),
  });
  const [label, colours] = STATUS_LOOK[invoice.status];
  return (
    <>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{label}</span>
      {invoice.sandbox && <span className="ml-1 text-xs text-slate-500">sandbox</span>}
      {invoice.status === 'failed' && (
        <span className="mt-1 block rounded-lg bg-red-50 px-2 py-1 text-xs wrap-anywhere text-red-800">
          <span className="font-semibold">KRA said:</span>{' '}
          {invoice.result_code && `${invoice.result_code} `}
          {invoice.result_message}
        </span>
      )}
      {invoice.status === 'pending' && invoice.last_error && (
        <span className="mt-1 block text-xs wrap-anywhere text-slate-600">
          Attempt {invoice.attempts}: {sentence(errorInWords(invoice.last_error))} It will be tried
          again.
        </span>
      )}
      {invoice.status === 'failed' && (
        <Button
          variant="secondary"
          className="mt-2"
          disabled={retry.isPending}
          onClick={() => retry.mutate(invoice.id)}
          aria-label={`Retry invoice ${invoice.invoice_no}`}
        >
          {retry.isPending ? 'Retrying…' : 'Retry'}
        </Button>
      )}
      {retry.isError && (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {retry.error.message}
        </span>
      )}
    </>
  );
}

const columns: Column<AdminInvoice>[] = [
  {
    header: 'Number',
    cell: (i) => (
      <span className="font-semibold">
        {i.invoice_no}
        {i.kind === 'R' && (
          <span className="block text-xs font-normal text-slate-500">
            Credit note for {i.original_invoice_no}
          </span>
        )}
      </span>
    ),
  },
  {
    header: 'Order',
    cell: (i) => (
      <Link to={`/receipt/${i.order_id}`} className="text-brand-700 underline">
        Order {i.order_id}
      </Link>
    ),
  },
  { header: 'Issued', cell: (i) => formatNairobiDateTime(i.created_at) },
  {
    header: 'Total',
    cell: (i) => (i.total === null ? '—' : formatKshExact(i.total)),
    className: 'whitespace-nowrap',
  },
  { header: 'At KRA', cell: (i) => <InvoiceState invoice={i} />, className: 'lg:max-w-80' },
];

export default function InvoicesPage() {
  useDocumentTitle('Invoices');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const invoices = useQuery(invoiceQueries.list(page, PAGE_SIZE, status));

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Invoices</h1>
      <Device />
      <label className="mb-4 flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Status</span>
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as InvoiceStatus | '');
            setPage(1);
          }}
          className="min-h-10 rounded-lg border border-slate-300 px-3"
        >
          <option value="">All</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LOOK[s][0]}
            </option>
          ))}
        </select>
      </label>
      {invoices.isPending ? (
        <LoadingText />
      ) : invoices.isError ? (
        <ErrorText>Error: {invoices.error.message}</ErrorText>
      ) : invoices.data.invoices.length === 0 ? (
        <EmptyText>No invoices yet: one is issued when an order is paid.</EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Invoices"
            columns={columns}
            rows={invoices.data.invoices}
            rowKey={(i) => i.id}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(invoices.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Invoices pages"
          />
        </>
      )}
    </div>
  );
}

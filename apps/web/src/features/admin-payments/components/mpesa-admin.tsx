// The Payments screen's M-Pesa sections: payments that matched no order (with a badge and a way to
// assign each to its order, refund it or close it: unmatched-actions.tsx), the M-PESA statement's
// reconciliation, and whether Daraja knows where to send the Paybill/Till's payments.
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StatementReconciliation, UnmatchedPayment } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyText, ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate, formatNairobiDateTime } from '../../../lib/dates.ts';
import {
  c2bRegistrationQuery,
  unmatchedPaymentsQuery,
  useAssignPayment,
  useReconcileStatement,
  useRegisterAgain,
} from '../api/mpesa-admin-api.ts';
import { UnmatchedActions, UnmatchedRefund } from './unmatched-actions.tsx';

function AssignForm({ payment }: { payment: UnmatchedPayment }) {
  const assign = useAssignPayment();
  const [order, setOrder] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orderId = Number(order);
    if (Number.isInteger(orderId) && orderId > 0) {
      assign.mutate({ transId: payment.trans_id, orderId });
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-xs text-slate-600">
        Order no.
      </label>
      <input
        id={id}
        value={order}
        onChange={(e) => setOrder(e.target.value.replace(/\D/g, ''))}
        inputMode="numeric"
        className="min-h-8 w-24 rounded-lg border border-slate-300 px-2 text-sm"
      />
      <Button type="submit" disabled={assign.isPending || order === ''}>
        Assign
      </Button>
      {assign.isError && <FormMessage kind="error">{assign.error.message}</FormMessage>}
    </form>
  );
}

export function UnmatchedPayments() {
  const unmatched = useQuery({
    ...unmatchedPaymentsQuery(),
    // A refund on its way is asked about until M-Pesa answers.
    refetchInterval: (query) =>
      query.state.data?.payments.some(
        (p) => p.refund?.status === 'requested' || p.refund?.status === 'sent',
      )
        ? 2_000
        : false,
  });
  return (
    <section aria-labelledby="unmatched-title" className="mt-10">
      <h2
        id="unmatched-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        Unmatched M-Pesa payments
        {unmatched.data && unmatched.data.total > 0 && (
          <span className="rounded-full bg-red-600 px-2 text-xs leading-5 font-semibold text-white">
            {unmatched.data.total}
            <span className="sr-only"> to assign</span>
          </span>
        )}
      </h2>
      {unmatched.isPending ? (
        <LoadingText />
      ) : unmatched.isError ? (
        <ErrorText>Error: {unmatched.error.message}</ErrorText>
      ) : unmatched.data.payments.length === 0 ? (
        <EmptyText>Every M-Pesa payment is matched to an order.</EmptyText>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {unmatched.data.payments.map((p) => (
            <li
              key={p.trans_id}
              className="flex flex-col gap-2 p-4 md:flex-row md:items-center md:justify-between"
            >
              <div>
                <p className="font-mono font-semibold">{p.trans_id}</p>
                <p className="text-sm text-slate-600">
                  {formatKsh(p.amount)} · account “{p.bill_ref || 'none'}” ·{' '}
                  {p.name ?? 'unknown payer'} · {formatNairobiDateTime(p.received_at)}
                  {p.source === 'statement' && ' · from the statement'}
                </p>
                {p.note && <p className="text-sm text-amber-800">{p.note}</p>}
                {p.refunded > 0 && (
                  <p className="text-sm text-slate-700">
                    {formatKsh(p.amount - p.refunded)} of it left to deal with
                  </p>
                )}
                <UnmatchedRefund payment={p} />
              </div>
              <div className="flex flex-col gap-2 md:items-end">
                {/* Money that went back cannot pay an order too. */}
                {p.refunded === 0 && <AssignForm payment={p} />}
                <UnmatchedActions payment={p} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReceiptList({
  title,
  items,
}: {
  title: string;
  items: { receipt: string; text: string }[];
}) {
  return (
    <div>
      <h3 className="font-semibold text-slate-800">
        {title} ({items.length})
      </h3>
      {items.length > 0 && (
        <ul className="mt-1 space-y-1 text-sm">
          {items.map((i) => (
            <li key={i.receipt}>
              <span className="font-mono">{i.receipt}</span> {i.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Reconciliation({ result }: { result: StatementReconciliation }) {
  return (
    <div role="status" className="mt-4 space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <p>
        {result.lines} receipts read, {result.matched} matched.
      </p>
      <ReceiptList
        title="On the statement, unknown to the shop"
        items={result.missing_in_shop.map((m) => ({
          receipt: m.receipt,
          text: `${formatKsh(m.amount)}, account “${m.account_no}”: now listed to assign`,
        }))}
      />
      <ReceiptList
        title="Recorded by the shop, missing from the statement"
        items={result.missing_in_statement.map((m) => ({
          receipt: m.receipt,
          text: formatKsh(m.amount),
        }))}
      />
      <ReceiptList
        title="Amounts that differ"
        items={result.mismatched.map((m) => ({
          receipt: m.receipt,
          text: `statement ${formatKsh(m.statement_amount)}, shop ${formatKsh(m.shop_amount)}`,
        }))}
      />
    </div>
  );
}

export function StatementUpload() {
  const reconcile = useReconcileStatement();
  const [file, setFile] = useState<File | null>(null);
  const id = useId();
  return (
    <section aria-labelledby="statement-title" className="mt-10">
      <h2 id="statement-title" className="mb-3 text-lg font-semibold text-slate-900">
        M-PESA statement
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file) reconcile.mutate(file);
        }}
        className="flex flex-wrap items-center gap-3"
      >
        <label htmlFor={id} className="text-sm text-slate-700">
          Statement export (CSV) from the M-PESA organisation portal
        </label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="text-sm"
        />
        <Button type="submit" disabled={!file || reconcile.isPending}>
          {reconcile.isPending ? 'Reconciling…' : 'Reconcile'}
        </Button>
      </form>
      {reconcile.isError && <FormMessage kind="error">{reconcile.error.message}</FormMessage>}
      {reconcile.data && <Reconciliation result={reconcile.data} />}
    </section>
  );
}

export function PaybillRegistration() {
  const registration = useQuery(c2bRegistrationQuery());
  const again = useRegisterAgain();
  if (!registration.data || registration.data.status === 'sandbox') return null;
  const r = again.data ?? registration.data;
  return (
    <section aria-labelledby="registration-title" className="mt-10">
      <h2 id="registration-title" className="mb-3 text-lg font-semibold text-slate-900">
        Paybill/Till with Daraja
      </h2>
      <p role="status" className={r.status === 'registered' ? 'text-emerald-800' : 'text-red-700'}>
        {r.status === 'registered'
          ? `Registered${r.registeredAt ? ` on ${formatNairobiDate(r.registeredAt)}` : ''}: Daraja sends payments to the shop.`
          : `Not registered: ${r.message || 'not tried yet'}.${r.nextAttemptAt ? ' The shop tries again by itself.' : ''}`}
      </p>
      <Button className="mt-2" onClick={() => again.mutate()} disabled={again.isPending}>
        Register again
      </Button>
    </section>
  );
}

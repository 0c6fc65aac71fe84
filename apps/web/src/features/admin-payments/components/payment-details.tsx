// One payment's provider messages (requests, answers, callbacks; secrets already masked by the
// server), and the refund of a payment marked refund due (all of a second payment, or what was
// paid over the total: 'Refund overpayment').
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminPayment } from '@duka/domain';
import { REFUND_METHOD_WORDS, REFUND_STATUS_WORDS } from '@duka/domain/admin/words';
import { kshOf } from './use-refund-fields.ts';
import { paymentEventsQuery, useRefundPayment } from '../api/payments-admin-api.ts';

function Events({ paymentId }: { paymentId: number }) {
  const events = useQuery(paymentEventsQuery(paymentId));
  if (events.isPending) return <p className="text-xs text-slate-500">Loading...</p>;
  if (events.isError) return <p className="text-xs text-red-700">Error: {events.error.message}</p>;
  if (events.data.length === 0) return <p className="text-xs text-slate-500">No messages kept.</p>;
  return (
    <ol className="mt-2 space-y-2 text-left">
      {events.data.map((e) => (
        <li key={e.id} className="rounded-lg bg-slate-50 p-2">
          <p className="text-xs font-semibold text-slate-700">
            {e.kind}
            {e.note && <span className="font-normal text-slate-500"> · {e.note}</span>}
          </p>
          <pre className="mt-1 max-h-40 max-w-80 overflow-auto text-[11px] break-all whitespace-pre-wrap text-slate-600">
            {e.body || '(empty)'}
          </pre>
        </li>
      ))}
    </ol>
  );
}

export function PaymentMessages({ payment }: { payment: AdminPayment }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1 text-xs" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-700">
        Raw result<span className="sr-only"> of payment {payment.id}</span>
      </summary>
      {payment.result_code !== null && (
        <p className="mt-1 font-mono text-slate-600">
          {payment.result_code} {payment.result_desc}
        </p>
      )}
      {open && <Events paymentId={payment.id} />}
    </details>
  );
}

export function RefundPaymentForm({ payment }: { payment: AdminPayment }) {
  const id = useId();
  const refund = useRefundPayment();
  const [reference, setReference] = useState('');
  const done = refund.data;
  if (done && done.status !== 'failed') {
    return (
      <p role="status" className="mt-2 text-xs text-emerald-800">
        {kshOf(done.amount)} {REFUND_STATUS_WORDS[done.status].toLowerCase()} (
        {REFUND_METHOD_WORDS[done.method] ?? done.method}).{' '}
        <Link to={`/dashboard/orders/${payment.order_id}`} className="text-brand-700 underline">
          Order {payment.order_id}
        </Link>
      </p>
    );
  }
  return (
    <form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        refund.mutate({ id: payment.id, reference: reference.trim() || undefined });
      }}
    >
      <label htmlFor={id} className="block text-xs text-slate-500">
        Refund reference, if refunded by hand
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2 max-lg:justify-end">
        <input
          id={id}
          value={reference}
          maxLength={100}
          onChange={(e) => setReference(e.target.value)}
          className="w-36 rounded-lg border border-slate-300 px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          disabled={refund.isPending}
          className="rounded-lg bg-orange-700 px-3 py-1.5 whitespace-nowrap text-xs font-semibold text-white hover:bg-orange-800 disabled:opacity-50"
        >
          {payment.overpaid > 0 ? 'Refund overpayment' : 'Refund'}
          <span className="sr-only"> of payment {payment.id}</span>
        </button>
      </div>
      {refund.isError && (
        <p role="alert" className="mt-1 max-w-64 text-xs text-red-700 max-lg:ml-auto">
          {refund.error.message}
        </p>
      )}
    </form>
  );
}

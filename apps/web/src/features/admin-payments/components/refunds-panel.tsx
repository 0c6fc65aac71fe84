// An order's refunds in the back office (decision record 029): each with its amount, where it
// stands, how it went back, the provider's reference or its words when it failed, and 'Retry' for
// a failed one; and a form asking for a refund (amount, reason). The server chooses how the money
// goes back, from the payment that holds it; when only a person can give it back it says so, and
// the form asks for that refund's reference. Refunds on their way are asked about every few
// seconds until they settle.
import { useId, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail, Refund } from '@duka/domain';
import { REFUND_METHOD_WORDS, REFUND_STATUS_WORDS } from '@duka/domain/admin/words';
import { inputClass } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useCan } from '../../../lib/use-can.ts';
import {
  orderWithRefundsQuery,
  useRequestRefund,
  useRetryRefund,
} from '../api/refunds-admin-api.ts';
import { kshOf, useRefundFields } from './use-refund-fields.ts';

/** Whole shillings as such, anything else to the cent. */
const STATUS_COLOURS: Record<Refund['status'], string> = {
  requested: 'bg-amber-100 text-amber-800',
  sent: 'bg-amber-100 text-amber-800',
  confirmed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose-100 text-rose-800',
};

function RefundItem({ refund, orderId }: { refund: Refund; orderId: number }) {
  const can = useCan();
  const retry = useRetryRefund();
  return (
    <li className="py-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{kshOf(refund.amount)}</span>
        <span className="text-slate-600">
          {REFUND_METHOD_WORDS[refund.method] ?? refund.method}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[refund.status]}`}
        >
          {REFUND_STATUS_WORDS[refund.status]}
        </span>
        <span className="text-xs text-slate-500">{formatNairobiDate(refund.created_at)}</span>
      </p>
      <p className="text-slate-600">{refund.reason}</p>
      {refund.reference && (
        <p className="text-xs text-slate-600">
          Reference <span className="font-mono">{refund.reference}</span>
        </p>
      )}
      {refund.failure && (
        <p className={`text-xs ${refund.status === 'failed' ? 'text-red-700' : 'text-slate-500'}`}>
          {refund.failure}
        </p>
      )}
      {refund.status === 'failed' && can('payments.refund') && (
        <div className="mt-1">
          <button
            type="button"
            disabled={retry.isPending}
            onClick={() => retry.mutate(refund.id)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            Retry
            <span className="sr-only">
              {' '}
              the refund of {kshOf(refund.amount)} of order {orderId}
            </span>
          </button>
          {retry.isError && (
            <p role="alert" className="mt-1 text-xs text-red-700">
              {retry.error.message}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

function RefundForm({ order, overpaid }: { order: AdminOrderDetail; overpaid: number }) {
  const id = useId();
  const notice = useNotice();
  const request = useRequestRefund();
  const held = order.money.paid - order.money.refunded;
  const fields = useRefundFields({
    amount: overpaid > 0 ? String(overpaid / 100) : '',
    reason: overpaid > 0 ? 'Paid more than the total' : '',
  });
  const { amount, setAmount, reason, setReason, reference, setReference, problem } = fields;
  const byHand = fields.byHand(request.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ask = fields.checked(held);
    if (!ask) return;
    request
      .mutateAsync({
        orderId: order.id,
        amount: ask.cents,
        reason: ask.reason,
        ...(byHand && reference.trim() ? { reference: reference.trim() } : {}),
      })
      .then(
        (refund) => {
          setAmount('');
          setReference('');
          notice(
            refund.status === 'failed' ? 'error' : 'success',
            refund.status === 'failed'
              ? `The refund failed: ${refund.failure ?? 'no reason given'}`
              : `Refund of ${kshOf(refund.amount)}: ${REFUND_STATUS_WORDS[refund.status].toLowerCase()}.`,
          );
        },
        () => undefined, // shown under the form
      );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-800">Refund</h3>
      {overpaid > 0 && (
        <p className="text-sm font-medium text-orange-800">
          Paid {kshOf(overpaid)} over the total: due back to the customer.
        </p>
      )}
      <p className="text-xs text-slate-500">
        Holds {kshOf(held)}. It goes back the way it was paid: M-Pesa to the phone that paid, PayPal
        to the payer; M-Pesa sends whole shillings.
      </p>
      <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
        <div>
          <label htmlFor={`${id}-amount`} className="block text-xs font-medium text-slate-700">
            Amount (Ksh)
          </label>
          <input
            id={`${id}-amount`}
            value={amount}
            inputMode="decimal"
            onChange={(e) => setAmount(e.target.value)}
            className={`${inputClass} py-1.5 text-sm`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
            Reason
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            className={`${inputClass} py-1.5 text-sm`}
          />
        </div>
      </div>
      {byHand && (
        <div>
          <label htmlFor={`${id}-reference`} className="block text-xs font-medium text-slate-700">
            Reference of the refund made by hand
          </label>
          <input
            id={`${id}-reference`}
            value={reference}
            maxLength={60}
            onChange={(e) => setReference(e.target.value)}
            className={`${inputClass} py-1.5 text-sm sm:w-60`}
          />
        </div>
      )}
      {(problem ?? request.error) && (
        <FormMessage kind="error">{problem ?? request.error?.message}</FormMessage>
      )}
      <button
        type="submit"
        disabled={request.isPending}
        className="rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800 disabled:opacity-50"
      >
        {request.isPending ? 'Refunding…' : 'Refund'}
        <span className="sr-only"> order {order.id}</span>
      </button>
    </form>
  );
}

export function RefundsPanel({ order }: { order: AdminOrderDetail }) {
  const can = useCan();
  const onItsWay = order.refunds
    .filter((r) => r.status === 'requested' || r.status === 'sent')
    .reduce((sum, r) => sum + r.amount, 0);
  const inFlight = onItsWay > 0;
  // Paid over the total and not on its way back yet: what the form offers to give back.
  const overpaid = Math.max(0, -order.money.balance - onItsWay);
  // The same query as the page's: asking again while a refund is on its way refreshes the page.
  useQuery({ ...orderWithRefundsQuery(order.id), refetchInterval: inFlight ? 2_000 : false });
  const held = order.money.paid - order.money.refunded;
  return (
    <section
      aria-labelledby="refunds-title"
      className="rounded-xl border border-slate-200 bg-white p-4 break-inside-avoid"
    >
      <h2 id="refunds-title" className="mb-2 font-semibold text-slate-900">
        Refunds
      </h2>
      {order.refunds.length === 0 ? (
        <p className="text-sm text-slate-600">No money given back.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {order.refunds.map((refund) => (
            <RefundItem key={refund.id} refund={refund} orderId={order.id} />
          ))}
        </ul>
      )}
      {can('payments.refund') && held > 0 && (
        // A new overpayment (or one refunded meanwhile) starts the form again.
        <RefundForm key={overpaid} order={order} overpaid={overpaid} />
      )}
    </section>
  );
}

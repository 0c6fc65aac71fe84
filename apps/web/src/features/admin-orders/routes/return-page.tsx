// One return in the back office (issue 34): what comes back and why, and deciding it — approve,
// refuse with a note the shopper reads, or mark the goods received choosing which lines go back to
// stock — then the money that follows: the refund (retried when the provider failed it, or
// recorded when made by hand) or the exchange's replacement order.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminReturn } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { RETURN_STATUS_WORDS, returnUpdateSchema } from '@duka/domain/orders/return-schemas';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDateTime } from '../../../lib/dates.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { returnAdminQueries, useDecideReturn, useRetryRefund } from '../api/returns-admin-api.ts';
import { outcomeOf, ReturnStatusBadge } from '../components/return-bits.tsx';

const REFUND_WORDS: Record<AdminReturn['refunds'][number]['status'], string> = {
  requested: 'Requested',
  sent: 'Sent, waiting for the provider',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

function Refunds({ ret }: { ret: AdminReturn }) {
  const can = useCan();
  const retry = useRetryRefund(ret.id);
  if (ret.refunds.length === 0) return null;
  return (
    <section aria-labelledby="return-refunds" className="rounded-xl border border-slate-200 p-4">
      <h2 id="return-refunds" className="mb-2 font-semibold text-slate-900">
        Refunds
      </h2>
      <ul className="space-y-2 text-sm">
        {ret.refunds.map((r) => (
          <li key={r.id}>
            <span className="font-medium">{formatKsh(r.amount)}</span>: {REFUND_WORDS[r.status]}
            {r.reference && <span className="text-slate-500"> · reference {r.reference}</span>}
            {r.failure && (
              <span className="mt-1 block rounded-lg bg-red-50 px-2 py-1 text-red-800">
                The provider said: {r.failure}
              </span>
            )}
            {r.status === 'failed' && can('payments.refund') && (
              <Button
                variant="secondary"
                className="mt-2"
                disabled={retry.isPending}
                onClick={() => retry.mutate(r.id)}
              >
                {retry.isPending ? 'Trying again…' : 'Try the refund again'}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {retry.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {retry.error.message}
        </p>
      )}
    </section>
  );
}

function Decide({ ret, onResult }: { ret: AdminReturn; onResult: (r: AdminReturn) => void }) {
  const can = useCan();
  const notice = useNotice();
  const decide = useDecideReturn(ret.id);
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  // Lines that go back to stock when received: all unless unticked.
  const [kept, setKept] = useState<number[]>([]);
  const mayFulfil = can('orders.fulfil');
  const givesMoney = ret.resolution === 'refund' || (ret.exchange?.difference ?? 0) < 0;
  const [invalid, setInvalid] = useState('');
  const send = (status: 'approved' | 'refused' | 'received') => {
    const body = {
      status,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(status === 'received'
        ? {
            restock: ret.lines.filter((l) => !kept.includes(l.id)).map((l) => l.id),
            ...(reference.trim() ? { refund_reference: reference.trim() } : {}),
          }
        : {}),
    };
    const checked = returnUpdateSchema.safeParse(body);
    setInvalid(checked.success ? '' : (checked.error.issues[0]?.message ?? ''));
    if (!checked.success) return;
    decide.mutate(checked.data, {
      onSuccess: (r) => {
        notice('success', `Return #${r.id} is ${RETURN_STATUS_WORDS[r.status].toLowerCase()}.`);
        setNote('');
        setReference('');
        onResult(r);
      },
    });
  };

  if (!mayFulfil) return null;
  if (ret.status === 'received' || ret.status === 'refused') {
    if (ret.refund_owed === 0 || !can('payments.refund')) return null;
    return (
      <section
        aria-labelledby="return-owed"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      >
        <h2 id="return-owed" className="mb-2 font-semibold text-slate-900">
          {formatKsh(ret.refund_owed)} still to refund
        </h2>
        <label htmlFor="owed-reference" className="block text-sm text-slate-700">
          Reference, if you refunded it by hand
        </label>
        <input
          id="owed-reference"
          value={reference}
          maxLength={60}
          onChange={(e) => setReference(e.target.value)}
          className={`${inputClass} mt-1 max-w-xs`}
        />
        <Button className="mt-3" disabled={decide.isPending} onClick={() => send('received')}>
          {reference.trim() ? 'Record the refund' : 'Ask for the refund again'}
        </Button>
        {decide.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {decide.error.message}
          </p>
        )}
      </section>
    );
  }

  return (
    <section
      aria-labelledby="return-decide"
      className="space-y-3 rounded-xl border border-slate-200 p-4"
    >
      <h2 id="return-decide" className="font-semibold text-slate-900">
        {ret.status === 'requested' ? 'Decide' : 'When the goods arrive'}
      </h2>
      {ret.status === 'approved' && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Back to stock</legend>
          {ret.lines.map((l) => (
            <label key={l.id} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5"
                checked={!kept.includes(l.id)}
                onChange={(e) =>
                  setKept(e.target.checked ? kept.filter((k) => k !== l.id) : [...kept, l.id])
                }
              />
              {l.quantity} × {withVariant(l.title, l.variant)}
            </label>
          ))}
        </fieldset>
      )}
      <div>
        <label htmlFor="return-note" className="mb-1 block text-sm font-medium text-slate-700">
          Note to the shopper{ret.status === 'requested' ? ' (needed to refuse)' : ''}
        </label>
        <textarea
          id="return-note"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className={inputClass}
        />
      </div>
      {ret.status === 'approved' && givesMoney && can('payments.refund') && (
        <div>
          <label
            htmlFor="return-reference"
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            Refund reference, if you refund it by hand
          </label>
          <input
            id="return-reference"
            value={reference}
            maxLength={60}
            onChange={(e) => setReference(e.target.value)}
            className={`${inputClass} max-w-xs`}
          />
        </div>
      )}
      {ret.status === 'approved' && givesMoney && !can('payments.refund') && (
        <p className="text-sm text-slate-600">
          Receiving it gives money back: someone with the refund permission marks it received.
        </p>
      )}
      {invalid && <FormMessage kind="error">{invalid}</FormMessage>}
      {decide.isError && <FormMessage kind="error">{decide.error.message}</FormMessage>}
      <div className="flex flex-wrap gap-3">
        {ret.status === 'requested' && (
          <Button disabled={decide.isPending} onClick={() => send('approved')}>
            Approve
          </Button>
        )}
        {ret.status === 'approved' && (
          <Button
            disabled={decide.isPending || (givesMoney && !can('payments.refund'))}
            onClick={() => send('received')}
          >
            Mark received
          </Button>
        )}
        <Button variant="danger" disabled={decide.isPending} onClick={() => send('refused')}>
          Refuse
        </Button>
      </div>
    </section>
  );
}

export default function ReturnPage() {
  const id = Number(useParams().id);
  useDocumentTitle(`Return #${id}`);
  const query = useQuery({
    ...returnAdminQueries.one(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  // What the last change answered: why its refund could not be asked for.
  const [refundError, setRefundError] = useState<string | null>(null);
  if (query.isPending) return <LoadingText />;
  if (query.isError)
    return <ErrorText>We could not load this return: {query.error.message}</ErrorText>;
  const r = query.data;
  return (
    <article className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Return #{r.id}</h1>
        <ReturnStatusBadge status={r.status} />
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Order</dt>
        <dd>
          <Link to={`/dashboard/orders/${r.order_id}`} className="text-brand-700 underline">
            Order {r.order_id}
          </Link>
        </dd>
        <dt className="text-slate-500">Customer</dt>
        <dd className="wrap-anywhere">
          {r.customer_name} · {r.customer_email}
        </dd>
        <dt className="text-slate-500">Asked</dt>
        <dd>{formatNairobiDateTime(r.created_at)}</dd>
        <dt className="text-slate-500">Wants</dt>
        <dd>{outcomeOf(r)}</dd>
        <dt className="text-slate-500">Reason</dt>
        <dd className="wrap-anywhere">{r.reason}</dd>
        {r.note && (
          <>
            <dt className="text-slate-500">Note</dt>
            <dd className="wrap-anywhere">{r.note}</dd>
          </>
        )}
        {r.received_at && (
          <>
            <dt className="text-slate-500">Received</dt>
            <dd>{formatNairobiDateTime(r.received_at)}</dd>
          </>
        )}
        {r.exchange?.order_id && (
          <>
            <dt className="text-slate-500">Replacement</dt>
            <dd>
              <Link
                to={`/dashboard/orders/${r.exchange.order_id}`}
                className="text-brand-700 underline"
              >
                Order {r.exchange.order_id}
              </Link>
            </dd>
          </>
        )}
      </dl>
      <section aria-labelledby="return-lines">
        <h2 id="return-lines" className="mb-2 font-semibold text-slate-900">
          Coming back ({formatKsh(r.value)} as sold, VAT included)
        </h2>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          {r.lines.map((l) => (
            <li key={l.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <span>
                {l.quantity} × {withVariant(l.title, l.variant)}
              </span>
              {l.restocked !== null && (
                <span className="text-slate-600">
                  {l.restocked ? 'Back to stock' : 'Not restocked'}
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {refundError && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
        >
          The goods are received, but the refund was not asked for: {refundError}
        </p>
      )}
      <Refunds ret={r} />
      <Decide ret={r} onResult={(next) => setRefundError(next.refund_error)} />
    </article>
  );
}

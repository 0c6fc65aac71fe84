// What the back office can do with an M-Pesa payment that matched no order, besides assigning it:
// give it back (all or part) by M-Pesa to the phone it came from, or close it with a note; and see
// its latest refund, trying a failed one again. For those with payments.refund; no credit note.
import { useId, useState, type FormEvent } from 'react';
import type { UnmatchedPayment } from '@duka/domain';
import { REFUND_STATUS_WORDS } from '@duka/domain/admin/words';
import { inputClass } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useCloseUnmatched, useRefundUnmatched, useRetryRefund } from '../api/refunds-admin-api.ts';
import { kshOf, useRefundFields } from './use-refund-fields.ts';

const small = `${inputClass} py-1 text-sm`;
const action =
  'rounded-lg border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50';

function RefundForm({ payment, onDone }: { payment: UnmatchedPayment; onDone: () => void }) {
  const id = useId();
  const notice = useNotice();
  const refund = useRefundUnmatched();
  const left = payment.amount - payment.refunded;
  const fields = useRefundFields({ amount: String(left / 100), reason: '' });
  const { amount, setAmount, reason, setReason, reference, setReference, problem } = fields;
  const byHand = fields.byHand(refund.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ask = fields.checked(left);
    if (!ask) return;
    refund
      .mutateAsync({
        transId: payment.trans_id,
        amount: ask.cents,
        reason: ask.reason,
        reference: byHand ? reference.trim() || undefined : undefined,
      })
      .then(
        (done) => {
          notice(
            done.status === 'failed' ? 'error' : 'success',
            done.status === 'failed'
              ? `The refund failed: ${done.failure ?? 'no reason given'}`
              : `Refund of ${kshOf(done.amount)} to the payer: ${REFUND_STATUS_WORDS[done.status].toLowerCase()}.`,
          );
          onDone();
        },
        () => undefined, // shown under the form
      );
  };
  return (
    <form onSubmit={submit} noValidate className="w-full space-y-2 md:w-72">
      <div className="flex gap-2">
        <div className="w-24">
          <label htmlFor={`${id}-amount`} className="block text-xs text-slate-600">
            Amount (Ksh)
          </label>
          <input
            id={`${id}-amount`}
            value={amount}
            inputMode="decimal"
            onChange={(e) => setAmount(e.target.value)}
            className={small}
          />
        </div>
        <div className="flex-1">
          <label htmlFor={`${id}-reason`} className="block text-xs text-slate-600">
            Reason
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            className={small}
          />
        </div>
      </div>
      {byHand && (
        <div>
          <label htmlFor={`${id}-reference`} className="block text-xs text-slate-600">
            Reference of the refund made by hand
          </label>
          <input
            id={`${id}-reference`}
            value={reference}
            maxLength={60}
            onChange={(e) => setReference(e.target.value)}
            className={small}
          />
        </div>
      )}
      {(problem ?? refund.error) && (
        <p role="alert" className="text-xs text-red-700">
          {problem ?? refund.error?.message}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={refund.isPending}
          className="rounded-lg bg-orange-700 px-3 py-1 text-xs font-semibold text-white hover:bg-orange-800 disabled:opacity-50"
        >
          {refund.isPending ? 'Refunding…' : 'Send refund'}
          <span className="sr-only"> of {payment.trans_id}</span>
        </button>
        <button type="button" onClick={onDone} className={action}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CloseForm({ payment, onDone }: { payment: UnmatchedPayment; onDone: () => void }) {
  const id = useId();
  const notice = useNotice();
  const close = useCloseUnmatched();
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    close.mutateAsync({ transId: payment.trans_id, note: note.trim() }).then(
      () => notice('success', `${payment.trans_id} closed.`),
      () => undefined, // shown under the form
    );
  };
  return (
    <form onSubmit={submit} className="w-full space-y-2 md:w-72">
      <label htmlFor={`${id}-note`} className="block text-xs text-slate-600">
        Why it needs nothing more
      </label>
      <input
        id={`${id}-note`}
        value={note}
        maxLength={200}
        required
        onChange={(e) => setNote(e.target.value)}
        className={small}
      />
      {close.isError && (
        <p role="alert" className="text-xs text-red-700">
          {close.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={close.isPending || !note.trim()} className={action}>
          Close payment<span className="sr-only"> {payment.trans_id}</span>
        </button>
        <button type="button" onClick={onDone} className={action}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The payment's latest refund, in words, with 'Retry' when it failed. */
export function UnmatchedRefund({ payment }: { payment: UnmatchedPayment }) {
  const can = useCan();
  const retry = useRetryRefund();
  const refund = payment.refund;
  if (!refund) return null;
  return (
    <p className="text-sm">
      <span className={refund.status === 'failed' ? 'text-red-700' : 'text-slate-700'}>
        Refund of {kshOf(refund.amount)}: {REFUND_STATUS_WORDS[refund.status].toLowerCase()}
        {refund.reference && <span className="font-mono"> · {refund.reference}</span>}
        {refund.failure && ` · ${refund.failure}`}
      </span>
      {refund.status === 'failed' && can('payments.refund') && (
        <button
          type="button"
          disabled={retry.isPending}
          onClick={() => retry.mutate(refund.id)}
          className={`${action} ml-2`}
        >
          Retry<span className="sr-only"> the refund of {payment.trans_id}</span>
        </button>
      )}
      {retry.isError && <span className="block text-xs text-red-700">{retry.error.message}</span>}
    </p>
  );
}

export function UnmatchedActions({ payment }: { payment: UnmatchedPayment }) {
  const can = useCan();
  const [open, setOpen] = useState<'refund' | 'close' | null>(null);
  const inFlight = payment.refund?.status === 'requested' || payment.refund?.status === 'sent';
  if (!can('payments.refund') || inFlight) return null;
  if (open === 'refund') return <RefundForm payment={payment} onDone={() => setOpen(null)} />;
  if (open === 'close') return <CloseForm payment={payment} onDone={() => setOpen(null)} />;
  return (
    <div className="flex gap-2">
      <button type="button" onClick={() => setOpen('refund')} className={action}>
        Refund<span className="sr-only"> {payment.trans_id}</span>
      </button>
      <button type="button" onClick={() => setOpen('close')} className={action}>
        Close<span className="sr-only"> {payment.trans_id}</span>
      </button>
    </div>
  );
}

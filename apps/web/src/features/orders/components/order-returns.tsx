// An order's returns on its page (issue 34): each return asked for, where it stands, the shop's
// note and the money given back; and, for a delivered order within its return window, the form
// to return some lines for a refund or for another size or colour.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OrderReturns, Return, ReturnableLine } from '@duka/domain';
import { RETURN_STATUS_WORDS, returnRequestSchema } from '@duka/domain/orders/return-schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { returnQueries, useAskReturn } from '../api/returns-api.ts';

const STATUS_LOOK: Record<Return['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-rose-100 text-rose-900',
  received: 'bg-emerald-100 text-emerald-900',
};

const REFUND_WORDS: Record<Return['refunds'][number]['status'], string> = {
  requested: 'on its way',
  sent: 'on its way',
  confirmed: 'refunded',
  failed: 'did not go through yet; we are looking into it',
};

function difference(cents: number): string {
  if (cents > 0) return `${formatKsh(cents)} to pay`;
  if (cents < 0) return `${formatKsh(-cents)} back to you`;
  return 'no charge';
}

function ReturnItem({ ret }: { ret: Return }) {
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">
          Return #{ret.id} · asked {formatNairobiDate(ret.created_at)}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[ret.status]}`}
        >
          {RETURN_STATUS_WORDS[ret.status]}
        </span>
      </div>
      <p className="text-slate-700">
        {ret.lines.map((l) => `${l.quantity} × ${withVariant(l.title, l.variant)}`).join(', ')}
      </p>
      <p className="text-slate-600">
        {ret.exchange
          ? `Exchange for ${ret.exchange.variant} (${difference(ret.exchange.difference)})`
          : `Refund of ${formatKsh(ret.value)}`}
        {' · '}
        Reason: {ret.reason}
      </p>
      {ret.note && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-slate-800">
          <span className="font-medium">Our note:</span> {ret.note}
        </p>
      )}
      {ret.refunds.map((r) => (
        <p key={r.id} className="text-slate-700">
          Refund {formatKsh(r.amount)}: {REFUND_WORDS[r.status]}
          {r.status === 'confirmed' && r.reference && (
            <span className="text-slate-500"> (reference {r.reference})</span>
          )}
        </p>
      ))}
      {ret.exchange?.order_id && (
        <p>
          <Link
            to={`/userprofile/orders/${ret.exchange.order_id}`}
            className="text-brand-700 underline"
          >
            Your replacement: order no. {ret.exchange.order_id}
          </Link>
        </p>
      )}
    </li>
  );
}

const HINT =
  'Items go back in their original condition. We e-mail you when we approve the return and when it reaches us.';

const keyOf = (l: ReturnableLine) => `${l.product_id}:${l.variant_id ?? ''}`;

function ReturnForm({
  orderId,
  lines,
  onDone,
}: {
  orderId: number;
  lines: ReturnableLine[];
  onDone: () => void;
}) {
  const ask = useAskReturn(orderId);
  const notice = useNotice();
  // How many of each line to return (0: not this one).
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [resolution, setResolution] = useState<'refund' | 'exchange'>('refund');
  const [exchangeVariant, setExchangeVariant] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  const picked = lines.filter((l) => (chosen[keyOf(l)] ?? 0) > 0);
  const exchangeLine = picked.length === 1 ? picked[0] : undefined;
  const options = exchangeLine?.exchange_options ?? [];

  const submit = () => {
    const body = {
      lines: picked.map((l) => ({
        product_id: l.product_id,
        ...(l.variant_id !== null ? { variant_id: l.variant_id } : {}),
        quantity: chosen[keyOf(l)]!,
      })),
      reason,
      resolution,
      ...(resolution === 'exchange' && exchangeVariant
        ? { exchange_variant_id: Number(exchangeVariant) }
        : {}),
    };
    const parsed = returnRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(found);
      setMessage('');
      return;
    }
    if (resolution === 'exchange' && !exchangeLine) {
      setErrors({ lines: 'An exchange is for one item at a time: choose one.' });
      return;
    }
    setErrors({});
    setMessage('');
    ask.mutate(parsed.data, {
      onSuccess: (ret) => {
        notice('success', `Return #${ret.id} sent. We will e-mail you when we have looked at it.`);
        onDone();
      },
      onError: (err) => {
        setMessage(err.message);
        if (err instanceof ApiError) setErrors(err.fields);
      },
    });
  };

  return (
    <form
      noValidate
      aria-labelledby="return-form-title"
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id="return-form-title" className="font-semibold text-slate-900">
        Return or exchange items
      </h3>
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <fieldset aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">What are you returning?</legend>
        <ul className="space-y-2">
          {lines.map((line) => {
            const key = keyOf(line);
            const count = chosen[key] ?? 0;
            const name = withVariant(line.title, line.variant);
            return (
              <li key={key} className="flex flex-wrap items-center gap-3 text-sm">
                <label className="flex min-h-10 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={count > 0}
                    onChange={(e) => {
                      setChosen({ ...chosen, [key]: e.target.checked ? 1 : 0 });
                      setErrors(({ lines: _, ...rest }) => rest);
                    }}
                  />
                  <span>
                    {name}
                    <span className="block text-xs text-slate-500">
                      {formatKsh(line.price)} each · return by{' '}
                      {line.return_by ? formatNairobiDate(line.return_by) : '—'}
                    </span>
                  </span>
                </label>
                {line.returnable > 1 && count > 0 && (
                  <label className="flex items-center gap-2">
                    <span className="text-slate-600">How many</span>
                    <select
                      value={count}
                      onChange={(e) => setChosen({ ...chosen, [key]: Number(e.target.value) })}
                      className="min-h-10 rounded-lg border border-slate-300 px-2"
                      aria-label={`How many of ${name}`}
                    >
                      {Array.from({ length: line.returnable }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
        {errors.lines && (
          <p id="return-lines-error" className="mt-1 text-sm text-red-600">
            {errors.lines}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">What would you like?</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name="resolution"
              className="size-5"
              checked={resolution === 'refund'}
              onChange={() => setResolution('refund')}
            />
            A refund, the way I paid
          </label>
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name="resolution"
              className="size-5"
              checked={resolution === 'exchange'}
              onChange={() => setResolution('exchange')}
            />
            Another size or colour
          </label>
        </div>
      </fieldset>

      {resolution === 'exchange' && (
        <div>
          <label
            htmlFor="return-exchange"
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            Exchange for
          </label>
          {exchangeLine && options.length > 0 ? (
            <select
              id="return-exchange"
              value={exchangeVariant}
              onChange={(e) => setExchangeVariant(e.target.value)}
              aria-invalid={!!errors.exchange_variant_id}
              aria-describedby={errors.exchange_variant_id ? 'return-exchange-error' : undefined}
              className={inputClass}
            >
              <option value="">Choose…</option>
              {options.map((o) => (
                <option key={o.variant_id} value={o.variant_id} disabled={!o.in_stock}>
                  {o.variant} — {formatKsh(o.price)}
                  {o.in_stock ? '' : ' (out of stock)'}
                </option>
              ))}
            </select>
          ) : (
            <p className="text-sm text-slate-600">
              {exchangeLine
                ? 'This item comes in no other size or colour: choose a refund instead.'
                : 'Choose the one item you want to exchange above.'}
            </p>
          )}
          {errors.exchange_variant_id && (
            <p id="return-exchange-error" className="mt-1 text-sm text-red-600">
              {errors.exchange_variant_id}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-500">
            A dearer size or colour costs the difference; a cheaper one gets the difference back.
          </p>
        </div>
      )}

      <div>
        <label htmlFor="return-reason" className="mb-1 block text-sm font-medium text-slate-700">
          Why are you returning it?
        </label>
        <textarea
          id="return-reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={!!errors.reason}
          aria-describedby={errors.reason ? 'return-reason-error' : undefined}
          className={inputClass}
        />
        {errors.reason && (
          <p id="return-reason-error" className="mt-1 text-sm text-red-600">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : 'Send return request'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <p className="text-xs text-slate-500">{HINT}</p>
    </form>
  );
}

export function OrderReturnsSection({ orderId }: { orderId: number }) {
  const returns = useQuery(returnQueries.ofOrder(orderId));
  const [open, setOpen] = useState(false);
  if (!returns.data) return null;
  const data: OrderReturns = returns.data;
  if (data.returns.length === 0 && data.returnable.length === 0 && !data.exchange_for) return null;
  return (
    <section aria-labelledby="order-returns" className="space-y-3">
      <h2 id="order-returns" className="font-semibold text-slate-900">
        Returns
      </h2>
      {data.exchange_for && (
        <p className="text-sm text-slate-700">
          This order replaces items returned from{' '}
          <Link
            to={`/userprofile/orders/${data.exchange_for.order_id}`}
            className="text-brand-700 underline"
          >
            order no. {data.exchange_for.order_id}
          </Link>
          .
        </p>
      )}
      {data.returns.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {data.returns.map((r) => (
            <ReturnItem key={r.id} ret={r} />
          ))}
        </ul>
      )}
      {data.returnable.length > 0 &&
        (open ? (
          <ReturnForm orderId={orderId} lines={data.returnable} onDone={() => setOpen(false)} />
        ) : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Return or exchange items
          </Button>
        ))}
    </section>
  );
}

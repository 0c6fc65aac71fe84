// An order's returns on its page (issue 34): each return asked for, where it stands, the shop's
// note and the money given back; and, for a delivered order within its return window, the form
// to return some lines for a refund or for another size or colour.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OrderReturns, Return, ReturnableLine } from '@duka/domain';
import { returnRequestSchema } from '@duka/domain/orders/return-schemas';
import { formatKsh } from '@duka/domain/pricing/money';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { returnQueries, useAskReturn } from '../api/returns-api.ts';
import { useOrdersText } from '../text.ts';

const STATUS_LOOK: Record<Return['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-rose-100 text-rose-900',
  received: 'bg-emerald-100 text-emerald-900',
};

// The words of @duka/domain's RETURN_STATUS_WORDS, in the catalogue.
const STATUS_WORDS = {
  requested: 'returns.status.requested',
  approved: 'returns.status.approved',
  refused: 'returns.status.refused',
  received: 'returns.status.received',
} as const satisfies Record<Return['status'], string>;

const REFUND_WORDS = {
  requested: 'returns.refund.onItsWay',
  sent: 'returns.refund.onItsWay',
  confirmed: 'returns.refund.refunded',
  failed: 'returns.refund.failed',
} as const satisfies Record<Return['refunds'][number]['status'], string>;

type Translate = ReturnType<typeof useOrdersText>;

function difference(t: Translate, cents: number): string {
  if (cents > 0) return t('returns.toPay', { amount: formatKsh(cents) });
  if (cents < 0) return t('returns.backToYou', { amount: formatKsh(-cents) });
  return t('returns.noCharge');
}

function ReturnItem({ ret }: { ret: Return }) {
  const t = useOrdersText();
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">
          {t('returns.item.heading', { id: ret.id, date: formatNairobiDate(ret.created_at) })}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[ret.status]}`}
        >
          {t(STATUS_WORDS[ret.status])}
        </span>
      </div>
      <p className="text-slate-700">
        {ret.lines.map((l) => `${l.quantity} × ${withVariant(l.title, l.variant)}`).join(', ')}
      </p>
      <p className="text-slate-600">
        {ret.exchange
          ? t('returns.item.exchange', {
              variant: ret.exchange.variant,
              difference: difference(t, ret.exchange.difference),
            })
          : t('returns.item.refundOf', { amount: formatKsh(ret.value) })}
        {' · '}
        {t('returns.item.reason', { reason: ret.reason })}
      </p>
      {ret.note && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-slate-800">
          <span className="font-medium">{t('returns.item.ourNote')}</span> {ret.note}
        </p>
      )}
      {ret.refunds.map((r) => (
        <p key={r.id} className="text-slate-700">
          {t('returns.item.refund', {
            amount: formatKsh(r.amount),
            state: t(REFUND_WORDS[r.status]),
          })}
          {r.status === 'confirmed' && r.reference && (
            <span className="text-slate-500">
              {t('returns.item.reference', { reference: r.reference })}
            </span>
          )}
        </p>
      ))}
      {ret.exchange?.order_id && (
        <p>
          <Link
            to={`/userprofile/orders/${ret.exchange.order_id}`}
            className="text-brand-700 underline"
          >
            {t('returns.item.replacement', { id: ret.exchange.order_id })}
          </Link>
        </p>
      )}
    </li>
  );
}

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
  const t = useOrdersText();
  const m = useMessageText();
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
      setErrors({ lines: t('returns.form.oneForExchange') });
      return;
    }
    setErrors({});
    setMessage('');
    ask.mutate(parsed.data, {
      onSuccess: (ret) => {
        notice('success', t('returns.form.sent', { id: ret.id }));
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
        {t('returns.form.title')}
      </h3>
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <fieldset aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          {t('returns.form.what')}
        </legend>
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
                      {t('returns.form.eachReturnBy', {
                        price: formatKsh(line.price),
                        date: line.return_by ? formatNairobiDate(line.return_by) : '—',
                      })}
                    </span>
                  </span>
                </label>
                {line.returnable > 1 && count > 0 && (
                  <label className="flex items-center gap-2">
                    <span className="text-slate-600">{t('returns.form.howMany')}</span>
                    <select
                      value={count}
                      onChange={(e) => setChosen({ ...chosen, [key]: Number(e.target.value) })}
                      className="min-h-10 rounded-lg border border-slate-300 px-2"
                      aria-label={t('returns.form.howManyOf', { name })}
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
            {m(errors.lines)}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          {t('returns.form.wish')}
        </legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name="resolution"
              className="size-5"
              checked={resolution === 'refund'}
              onChange={() => setResolution('refund')}
            />
            {t('returns.form.refund')}
          </label>
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name="resolution"
              className="size-5"
              checked={resolution === 'exchange'}
              onChange={() => setResolution('exchange')}
            />
            {t('returns.form.exchange')}
          </label>
        </div>
      </fieldset>

      {resolution === 'exchange' && (
        <div>
          <label
            htmlFor="return-exchange"
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            {t('returns.form.exchangeFor')}
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
              <option value="">{t('returns.form.choose')}</option>
              {options.map((o) => (
                <option key={o.variant_id} value={o.variant_id} disabled={!o.in_stock}>
                  {o.variant} — {formatKsh(o.price)}
                  {o.in_stock ? '' : t('returns.form.outOfStock')}
                </option>
              ))}
            </select>
          ) : (
            <p className="text-sm text-slate-600">
              {exchangeLine ? t('returns.form.noOtherVariant') : t('returns.form.chooseOne')}
            </p>
          )}
          {errors.exchange_variant_id && (
            <p id="return-exchange-error" className="mt-1 text-sm text-red-600">
              {m(errors.exchange_variant_id)}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-500">{t('returns.form.difference')}</p>
        </div>
      )}

      <div>
        <label htmlFor="return-reason" className="mb-1 block text-sm font-medium text-slate-700">
          {t('returns.form.why')}
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
            {m(errors.reason)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? t('returns.form.sending') : t('returns.form.send')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('returns.form.cancel')}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{t('returns.form.hint')}</p>
    </form>
  );
}

export function OrderReturnsSection({ orderId }: { orderId: number }) {
  const t = useOrdersText();
  const returns = useQuery(returnQueries.ofOrder(orderId));
  const [open, setOpen] = useState(false);
  if (!returns.data) return null;
  const data: OrderReturns = returns.data;
  if (data.returns.length === 0 && data.returnable.length === 0 && !data.exchange_for) return null;
  return (
    <section aria-labelledby="order-returns" className="space-y-3">
      <h2 id="order-returns" className="font-semibold text-slate-900">
        {t('returns.heading')}
      </h2>
      {data.exchange_for && (
        <p className="text-sm text-slate-700">
          {t('returns.replacesBefore')}
          <Link
            to={`/userprofile/orders/${data.exchange_for.order_id}`}
            className="text-brand-700 underline"
          >
            {t('returns.replacesLink', { id: data.exchange_for.order_id })}
          </Link>
          {t('returns.replacesAfter')}
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
            {t('returns.open')}
          </Button>
        ))}
    </section>
  );
}

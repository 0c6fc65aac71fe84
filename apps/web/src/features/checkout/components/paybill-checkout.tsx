// Paying from the M-Pesa menu on step 3: the business (or Till) number, the account number (the
// order number) and the amount, large and copyable, with the steps on the phone; the payment is
// followed live until it is paid. A Till payment has no account number: the shopper types the
// M-Pesa code from the SMS.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatKsh } from '@duka/domain/pricing/money';
import type { MpesaStarted, Paybill, PaymentStatusView } from '@duka/domain/payments/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { paymentStatusQuery, startPaybillPayment, submitMpesaCode } from '../api/mpesa-api.ts';
import { useRefreshOnOfferRefusal } from '../api/offer-refusal.ts';
import { useCheckoutText } from '../text.ts';

function Figure({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const t = useCheckoutText();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      // No clipboard (an old browser, no permission): the figure is there to read.
    }
  };
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 ring-1 ring-emerald-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex items-center gap-3">
        <span className="font-mono text-2xl font-bold tracking-wide text-slate-900">{value}</span>
        <button
          type="button"
          onClick={() => void copy()}
          className="min-h-8 rounded-lg border border-emerald-300 px-2 text-xs font-semibold text-emerald-800 hover:bg-emerald-50"
          aria-label={t('paybill.copyLabel', { figure: label.toLowerCase(), value })}
        >
          {t(copied ? 'paybill.copied' : 'paybill.copy')}
        </button>
      </dd>
    </div>
  );
}

function Steps({ paybill }: { paybill: Paybill }) {
  const t = useCheckoutText();
  const amount = t('paybill.enterAmount', { amount: paybill.amount.toLocaleString('en-KE') });
  const steps =
    paybill.kind === 'till'
      ? [t('paybill.openMpesa'), t('paybill.tillChoose'), amount, t('paybill.tillCode')]
      : [t('paybill.openMpesa'), t('paybill.paybillChoose'), t('paybill.accountIsOrder'), amount];
  return (
    <ol className="list-decimal space-y-1 pl-5 text-left text-sm text-slate-700">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

function CodeForm({ paymentId, onPaid }: { paymentId: string; onPaid: () => void }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const t = useCheckoutText();
  const m = useMessageText();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setMessage(null);
    try {
      const answer = await submitMpesaCode(paymentId, code);
      if (answer.status === 'paid') onPaid();
      else if (answer.status === 'waiting') setMessage({ kind: 'info', text: m(answer.message) });
    } catch (err) {
      setMessage({
        kind: 'error',
        text:
          err instanceof ApiError ? m(err.fields.code ?? err.message) : t('paybill.unreachable'),
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-2 text-left">
      <label htmlFor="mpesa-code" className="block text-sm font-medium text-slate-800">
        {t('paybill.codeLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id="mpesa-code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          autoComplete="off"
          inputMode="text"
          maxLength={12}
          placeholder="QK12ABC3DE"
          aria-invalid={message?.kind === 'error'}
          aria-describedby={message ? 'mpesa-code-message' : undefined}
          className="min-h-10 w-full rounded-lg border border-slate-300 px-3 font-mono uppercase"
        />
        <Button type="submit" disabled={sending || code.trim() === ''}>
          {t(sending ? 'paybill.checking' : 'paybill.confirm')}
        </Button>
      </div>
      {message && (
        <div id="mpesa-code-message">
          <FormMessage kind={message.kind === 'error' ? 'error' : 'success'}>
            {message.text}
          </FormMessage>
        </div>
      )}
    </form>
  );
}

export function PaybillCheckout({
  orderId,
  onBack,
}: {
  /** Pay this open order (after a failed prompt) instead of making one from the cart. */
  orderId?: number | undefined;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<MpesaStarted | null>(null);
  const [error, setError] = useState('');
  const asked = useRef(false);
  const refreshOnRefusal = useRefreshOnOfferRefusal();
  const t = useCheckoutText();
  const m = useMessageText();

  useEffect(() => {
    // Once: React's development double effect must not make two payments.
    if (asked.current) return;
    asked.current = true;
    startPaybillPayment(orderId)
      .then(setStarted)
      .catch((err: unknown) => {
        refreshOnRefusal(err);
        setError(err instanceof ApiError ? m(err.message) : t('paybill.unreachable'));
      });
  }, [orderId, refreshOnRefusal, m, t]);

  const status = useQuery({
    ...paymentStatusQuery(started?.paymentId ?? ''),
    enabled: started !== null,
  });
  const done = useCallback(
    (view: PaymentStatusView | undefined) => {
      if (view?.status !== 'paid') return;
      void queryClient.invalidateQueries();
      navigate(`/ordercomplete?order=${view.order_id}`);
    },
    [navigate, queryClient],
  );
  useEffect(() => done(status.data), [status.data, done]);

  if (error) {
    return (
      <div className="space-y-3">
        <ErrorText>{error}</ErrorText>
        <Button variant="secondary" onClick={onBack}>
          {t('paybill.back')}
        </Button>
      </div>
    );
  }
  if (!started?.paybill) return <LoadingText />;
  const paybill = status.data?.paybill ?? started.paybill;
  const received = status.data?.received ?? 0;
  const till = paybill.kind === 'till';

  return (
    <section
      aria-labelledby="paybill-title"
      className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/40 p-5 text-center"
    >
      <h3 id="paybill-title" className="text-xl font-bold text-slate-900">
        {t(till ? 'mpesa.payViaTill' : 'mpesa.payViaPaybill')}
      </h3>
      <dl className="space-y-2">
        <Figure
          label={t(till ? 'paybill.tillNumber' : 'paybill.businessNumber')}
          value={paybill.business_number}
        />
        {!till && <Figure label={t('paybill.accountNumber')} value={paybill.account_number} />}
        <Figure label={t('paybill.amount')} value={String(paybill.amount)} />
      </dl>
      <Steps paybill={paybill} />
      <p role="status" className="text-slate-800">
        {received > 0
          ? t('paybill.received', {
              received: formatKsh(received),
              due: formatKsh(paybill.amount * 100),
            })
          : t('paybill.waiting')}
      </p>
      {till && <CodeForm paymentId={started.paymentId} onPaid={() => void status.refetch()} />}
      {started.sandbox_phone_url && (
        <p className="text-sm">
          <a
            href={started.sandbox_phone_url}
            target="_blank"
            rel="noopener"
            className="font-medium text-emerald-800 underline underline-offset-2"
          >
            {t('paybill.sandboxMenu')}
          </a>
          <span className="block text-xs text-slate-500">{t('paybill.sandboxMenuHelp')}</span>
        </p>
      )}
      <Button variant="secondary" onClick={onBack}>
        {t('paybill.otherWay')}
      </Button>
    </section>
  );
}

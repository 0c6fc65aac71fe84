// Paying from the M-Pesa menu on step 3: the business (or Till) number, the account number (the
// order number) and the amount, large and copyable, with the steps on the phone; the payment is
// followed live until it is paid. A Till payment has no account number: the shopper types the
// M-Pesa code from the SMS.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatKsh } from '@duka/domain/pricing/money';
import { MPESA_MESSAGES } from '@duka/domain/payments/messages';
import type { MpesaStarted, Paybill, PaymentStatusView } from '@duka/domain/payments/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paymentStatusQuery, startPaybillPayment, submitMpesaCode } from '../api/mpesa-api.ts';
import { useRefreshOnOfferRefusal } from '../api/offer-refusal.ts';

function Figure({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
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
          aria-label={`Copy ${label.toLowerCase()} ${value}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </dd>
    </div>
  );
}

function Steps({ paybill }: { paybill: Paybill }) {
  const steps =
    paybill.kind === 'till'
      ? [
          'Open M-Pesa on your phone and choose Lipa na M-Pesa.',
          'Choose Buy Goods and Services and enter the Till number.',
          `Enter the amount, Ksh ${paybill.amount.toLocaleString('en-KE')}, and your PIN.`,
          'Type the M-Pesa code from the confirmation SMS below.',
        ]
      : [
          'Open M-Pesa on your phone and choose Lipa na M-Pesa.',
          'Choose Pay Bill and enter the business number.',
          'Enter your order number as the account number.',
          `Enter the amount, Ksh ${paybill.amount.toLocaleString('en-KE')}, and your PIN.`,
        ];
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
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setMessage(null);
    try {
      const answer = await submitMpesaCode(paymentId, code);
      if (answer.status === 'paid') onPaid();
      else if (answer.status === 'waiting') setMessage({ kind: 'info', text: answer.message });
    } catch (err) {
      setMessage({
        kind: 'error',
        text:
          err instanceof ApiError
            ? (err.fields.code ?? err.message)
            : 'We could not reach the shop. Please try again.',
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-2 text-left">
      <label htmlFor="mpesa-code" className="block text-sm font-medium text-slate-800">
        M-Pesa code from the SMS
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
          {sending ? 'Checking…' : 'Confirm'}
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

  useEffect(() => {
    // Once: React's development double effect must not make two payments.
    if (asked.current) return;
    asked.current = true;
    startPaybillPayment(orderId)
      .then(setStarted)
      .catch((err: unknown) => {
        refreshOnRefusal(err);
        setError(
          err instanceof ApiError ? err.message : 'We could not reach the shop. Please try again.',
        );
      });
  }, [orderId, refreshOnRefusal]);

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
          Back
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
        {till ? MPESA_MESSAGES.payViaTill : MPESA_MESSAGES.payViaPaybill}
      </h3>
      <dl className="space-y-2">
        <Figure label={till ? 'Till number' : 'Business number'} value={paybill.business_number} />
        {!till && <Figure label="Account number" value={paybill.account_number} />}
        <Figure label="Amount (Ksh)" value={String(paybill.amount)} />
      </dl>
      <Steps paybill={paybill} />
      <p role="status" className="text-slate-800">
        {received > 0
          ? `Received ${formatKsh(received)} so far: ${formatKsh(paybill.amount * 100)} still to pay.`
          : 'Waiting for your payment. This page follows it and moves on once it arrives.'}
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
            Open the M-Pesa sandbox menu
          </a>
          <span className="block text-xs text-slate-500">
            No Daraja account is configured: this simulated M-Pesa menu pays instead.
          </span>
        </p>
      )}
      <Button variant="secondary" onClick={onBack}>
        Choose another way to pay
      </Button>
    </section>
  );
}

// 'Check your phone': the request is on the shopper's phone; the payment is followed live until
// M-Pesa gives a final answer (the server asks Daraja itself if its callback is late, so this
// never waits forever).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatKsh } from '@duka/domain/pricing/money';
import type { PaymentStatusView } from '@duka/domain/payments/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { paymentStatusQuery } from '../api/mpesa-api.ts';
import { useCheckoutText } from '../text.ts';

/** After this long the screen says what happens if the shopper walks away. */
const SLOW_MS = 90_000;

export function MpesaWaiting({
  paymentId,
  amountCents,
  phone,
  sandboxPhoneUrl,
  startedAt,
  onSettled,
}: {
  paymentId: string;
  amountCents: number;
  phone: string;
  sandboxPhoneUrl: string | undefined;
  startedAt: number;
  onSettled: (status: PaymentStatusView) => void;
}) {
  const status = useQuery(paymentStatusQuery(paymentId));
  const settled = status.data && status.data.status !== 'pending' ? status.data : null;
  useEffect(() => {
    if (settled) onSettled(settled);
  }, [settled, onSettled]);
  const slow = status.dataUpdatedAt - startedAt > SLOW_MS;
  const t = useCheckoutText();

  return (
    <section
      aria-labelledby="mpesa-waiting-title"
      className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50/40 p-5 text-center"
    >
      <div
        aria-hidden="true"
        className="mx-auto h-10 w-10 animate-spin rounded-full border-4 border-emerald-100 border-t-emerald-700"
      />
      <h3 id="mpesa-waiting-title" className="text-xl font-bold text-slate-900">
        {t('mpesa.checkPhone')}
      </h3>
      <p role="status" className="text-slate-800">
        {t('mpesa.enterPin', { amount: formatKsh(amountCents) })}
      </p>
      <p className="text-sm text-slate-600">
        {t('mpesaWaiting.sentTo')} <span className="whitespace-nowrap">{phone}</span>
        {t('mpesaWaiting.sentToEnd')}
      </p>
      {slow && <p className="text-sm text-slate-600">{t('mpesaWaiting.slow')}</p>}
      {sandboxPhoneUrl && (
        <p className="text-sm">
          <a
            href={sandboxPhoneUrl}
            target="_blank"
            rel="noopener"
            className="font-medium text-emerald-800 underline underline-offset-2"
          >
            {t('mpesaWaiting.sandboxPhone')}
          </a>
          <span className="block text-xs text-slate-500">{t('mpesaWaiting.sandboxPhoneHelp')}</span>
        </p>
      )}
      {status.isError && !status.data && (
        <p className="text-sm text-red-700">{t('mpesaWaiting.lostTouch')}</p>
      )}
    </section>
  );
}

export function MpesaFailed({
  message,
  onRetry,
  onBack,
  paybillLabel,
  onPaybill,
}: {
  message: string;
  onRetry: () => void;
  onBack: () => void;
  /** Offered as the next step when the shop takes payments from the M-Pesa menu. */
  paybillLabel?: string | undefined;
  onPaybill?: () => void;
}) {
  const t = useCheckoutText();
  return (
    <section className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-5 text-center">
      <h3 className="text-lg font-semibold text-slate-900">{t('mpesaFailed.title')}</h3>
      <p role="alert" className="text-red-700">
        {message}
      </p>
      <div className="flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onBack}>
          {t('mpesaFailed.changePhone')}
        </Button>
        {paybillLabel && onPaybill && (
          <Button variant="secondary" onClick={onPaybill}>
            {t('mpesaFailed.instead', { way: paybillLabel })}
          </Button>
        )}
        <Button onClick={onRetry} className="bg-emerald-700 hover:bg-emerald-800">
          {t('mpesa.tryAgain')}
        </Button>
      </div>
    </section>
  );
}

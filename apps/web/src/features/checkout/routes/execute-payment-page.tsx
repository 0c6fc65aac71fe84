// /excute-payment (SPEC §2.12, spelled so): where the payment provider sends the shopper back.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { executePayment, PaymentStillProcessing } from '../api/checkout-api.ts';
import { useCheckoutText } from '../text.ts';

export default function ExecutePaymentPage() {
  const t = useCheckoutText();
  const m = useMessageText();
  useDocumentTitle(t('executePayment.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Our sandbox returns paymentId; PayPal's Orders API returns the same id as token.
  const paymentId = params.get('paymentId') ?? params.get('token');
  const payerId = params.get('PayerID');
  const [error, setError] = useState(paymentId && payerId ? '' : t('executePayment.incomplete'));
  const started = useRef(false);

  useEffect(() => {
    if (!paymentId || !payerId || started.current) return;
    started.current = true; // once, even when React runs effects twice in development
    executePayment(paymentId, payerId)
      .then(({ order_id }) => {
        void queryClient.invalidateQueries();
        navigate(`/ordercomplete?order=${order_id}`, { replace: true });
      })
      .catch((err: unknown) => {
        setError(
          err instanceof PaymentStillProcessing
            ? t('executePayment.stillConfirming')
            : err instanceof Error
              ? m(err.message)
              : t('executePayment.failed'),
        );
      });
  }, [paymentId, payerId, navigate, queryClient, m, t]);

  if (error) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('executePayment.notCompleted')}</h1>
        <p role="alert" className="mt-3 text-slate-700">
          {error}
        </p>
        <ButtonLink to="/cart" className="mt-6">
          {t('executePayment.backToCart')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-6 h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <p role="status" className="text-lg font-medium text-slate-800">
        {t('executePayment.processing')}
      </p>
    </div>
  );
}

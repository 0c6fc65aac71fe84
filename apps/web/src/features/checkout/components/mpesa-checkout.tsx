// Paying with M-Pesa on step 3: the phone, 'Send request to phone', 'Check your phone' while the
// payment is followed live, then the order-complete page, or the reason, 'Try again' and paying
// from the M-Pesa menu instead, both for the same order (order history shows orders, not tries).
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MpesaStarted, PaymentStatusView } from '@duka/domain/payments/schemas';
import { LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { profilePhoneQuery, startMpesaPayment } from '../api/mpesa-api.ts';
import { useRefreshOnOfferRefusal } from '../api/offer-refusal.ts';
import { useCheckoutText } from '../text.ts';
import { MpesaPhoneForm } from './mpesa-phone-form.tsx';
import { MpesaFailed, MpesaWaiting } from './mpesa-waiting.tsx';

type Stage =
  | { kind: 'form'; error: string; sending: boolean }
  | { kind: 'waiting'; started: MpesaStarted; startedAt: number }
  /** M-Pesa's reason as the server words it (in English), when it gave one. */
  | { kind: 'failed'; message: string | null };

export function MpesaCheckout({
  totalCents,
  orderId: toPay,
  onBack,
  paybillLabel,
  onPaybill,
}: {
  /** What the phone is asked for: the order's total, or what it still owes when paid later. */
  totalCents: number;
  /** Pay this order of the shopper's (from its page) instead of one made from the cart. */
  orderId?: number | undefined;
  onBack: () => void;
  /** 'Pay via M-Pesa Paybill' (or Till) when the shop takes it. */
  paybillLabel?: string | undefined;
  /** Pay the same order from the M-Pesa menu instead. */
  onPaybill?: ((orderId: number) => void) | undefined;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(profilePhoneQuery());
  const refreshOnRefusal = useRefreshOnOfferRefusal();
  const t = useCheckoutText();
  const m = useMessageText();
  const [phone, setPhone] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'form', error: '', sending: false });
  /** The order the first request made; every later try pays it. */
  const [orderId, setOrderId] = useState<number | undefined>(toPay);

  const send = async (to: string) => {
    setPhone(to);
    setStage({ kind: 'form', error: '', sending: true });
    try {
      const started = await startMpesaPayment(to, orderId);
      setOrderId(started.order_id);
      setStage({ kind: 'waiting', started, startedAt: Date.now() });
    } catch (err) {
      refreshOnRefusal(err);
      const error =
        err instanceof ApiError ? m(err.fields.phone ?? err.message) : t('mpesa.unreachable');
      setStage({ kind: 'form', error, sending: false });
    }
  };

  const onSettled = useCallback(
    (status: PaymentStatusView) => {
      if (status.status === 'paid') {
        void queryClient.invalidateQueries();
        navigate(`/ordercomplete?order=${status.order_id}`);
      } else {
        setStage({ kind: 'failed', message: status.message ?? null });
      }
    },
    [navigate, queryClient],
  );

  if (profile.isPending) return <LoadingText />;
  const typed = phone ?? profile.data?.phone_number ?? '';

  switch (stage.kind) {
    case 'form':
      return (
        <MpesaPhoneForm
          phone={typed}
          error={stage.error}
          sending={stage.sending}
          onSend={(to) => void send(to)}
          onBack={onBack}
        />
      );
    case 'waiting':
      return (
        <MpesaWaiting
          paymentId={stage.started.paymentId}
          amountCents={totalCents}
          phone={typed}
          sandboxPhoneUrl={stage.started.sandbox_phone_url}
          startedAt={stage.startedAt}
          onSettled={onSettled}
        />
      );
    case 'failed':
      return (
        <MpesaFailed
          message={stage.message ? m(stage.message) : t('mpesa.failed')}
          onRetry={() => void send(typed)}
          onBack={() => setStage({ kind: 'form', error: '', sending: false })}
          paybillLabel={orderId && onPaybill ? paybillLabel : undefined}
          onPaybill={() => orderId && onPaybill?.(orderId)}
        />
      );
  }
}

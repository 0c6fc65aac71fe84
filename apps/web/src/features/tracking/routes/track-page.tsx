// /track (issue 22): anyone with an order's number and the phone on it sees where it stands; no
// log-in, nothing but the timeline.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TrackedOrder } from '@duka/domain/orders/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { OrderTimeline } from '../../../components/ui/order-timeline.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { api } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTrackingText } from '../text.ts';

export default function TrackPage() {
  const t = useTrackingText();
  useDocumentTitle(t('trackPage.title'));
  const [order, setOrder] = useState('');
  const [phone, setPhone] = useState('');
  const [missing, setMissing] = useState<{ order?: string; phone?: string }>({});
  const lookUp = useMutation({
    mutationFn: (q: { order: string; phone: string }) => api<TrackedOrder>('/track', { query: q }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      ...(/^\d+$/.test(order.trim()) ? {} : { order: t('trackPage.orderMissing') }),
      ...(phone.trim() ? {} : { phone: t('trackPage.phoneMissing') }),
    };
    setMissing(problems);
    if (Object.keys(problems).length === 0) lookUp.mutate({ order: order.trim(), phone });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('trackPage.title')}</h1>
      <p className="mt-2 text-slate-600">{t('trackPage.intro')}</p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        {lookUp.isError && <FormMessage kind="error">{lookUp.error.message}</FormMessage>}
        <TextField
          label={t('trackPage.order')}
          inputMode="numeric"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          error={missing.order}
        />
        <TextField
          label={t('trackPage.phone')}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={missing.phone}
        />
        <Button type="submit" disabled={lookUp.isPending}>
          {lookUp.isPending ? t('trackPage.looking') : t('trackPage.track')}
        </Button>
      </form>
      {lookUp.data && (
        <section aria-labelledby="tracked" className="mt-8 rounded-xl border border-slate-200 p-4">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id="tracked" className="font-semibold text-slate-900">
              {t('trackPage.orderNo', { id: lookUp.data.order_id })}
            </h2>
            <OrderStatusBadge status={lookUp.data.status} />
          </div>
          <OrderTimeline
            items={lookUp.data.timeline}
            label={t('trackPage.progressOf', { id: lookUp.data.order_id })}
          />
        </section>
      )}
    </div>
  );
}

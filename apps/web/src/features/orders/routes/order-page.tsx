// One of the shopper's orders (issue 22): where it stands and how it got there, where it goes or
// waits, the courier and tracking number once shipped, what was bought, and its money: paid,
// refunded, what is left (issue 34), with 'Pay now' while it awaits payment.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { OrderMoney } from '../../../components/ui/order-money.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { OrderTimeline } from '../../../components/ui/order-timeline.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatDayRange } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { orderQueries } from '../api/orders-api.ts';
import { OrderReturnsSection } from '../components/order-returns.tsx';
import { useOrdersText } from '../text.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';

function Where({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  if (order.pickup_point) {
    return (
      <address className="text-slate-700 not-italic">
        <span className="block font-medium">{order.pickup_point.name}</span>
        <span className="block">{order.pickup_point.address}</span>
        <span className="block">{order.pickup_point.opening_hours}</span>
      </address>
    );
  }
  return (
    <address className="text-slate-700 not-italic">
      <span className="block">{order.shipping_name}</span>
      <span className="block">
        {[order.apartment_number, order.street_address].filter(Boolean).join(', ')}
      </span>
      <span className="block">
        {[
          order.city,
          order.county && t('orderPage.county', { county: order.county }),
          order.zip_code,
        ]
          .filter(Boolean)
          .join(', ')}
      </span>
    </address>
  );
}

export default function OrderPage({
  payNow,
}: {
  /** The ways to pay an order awaiting payment (checkout's, composed in app/). */
  payNow?: (order: OrderDetail) => ReactNode;
} = {}) {
  const t = useOrdersText();
  const m = useMessageText();
  const id = Number(useParams().id);
  useDocumentTitle(t('orderPage.title', { id }));
  const order = useQuery({ ...orderQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });

  if (order.isPending) return <LoadingText />;
  if (order.isError)
    return <ErrorText>{t('orderPage.loadError', { error: m(order.error.message) })}</ErrorText>;
  const o = order.data;
  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('orderPage.title', { id: o.id })}</h1>
        <OrderStatusBadge status={o.status} />
      </div>
      {o.status === 'confirmed' && o.money.balance > 0 && (
        <p className="rounded-lg bg-teal-50 px-3 py-2 text-teal-900">
          {t('orderPage.payOnDelivery', { amount: formatKsh(o.money.balance) })}
        </p>
      )}
      {o.status === 'pending_payment' && o.money.balance > 0 && payNow?.(o)}
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="order-where" className="rounded-xl border border-slate-200 p-4">
          <h2 id="order-where" className="mb-2 font-semibold text-slate-900">
            {t(o.pickup_point ? 'orderPage.pickupPoint' : 'orderPage.deliveryAddress')}
          </h2>
          <Where order={o} />
          {o.expected_delivery && (
            <p className="mt-2 text-sm text-slate-600">
              {t('orderPage.expected', {
                dates: formatDayRange(o.expected_delivery.from, o.expected_delivery.to),
              })}
            </p>
          )}
          {(o.courier || o.tracking_number) && (
            <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
              {o.courier && (
                <>
                  <dt className="text-slate-500">{t('orderPage.courier')}</dt>
                  <dd>{o.courier}</dd>
                </>
              )}
              {o.tracking_number && (
                <>
                  <dt className="text-slate-500">{t('orderPage.trackingNumber')}</dt>
                  <dd className="font-mono">{o.tracking_number}</dd>
                </>
              )}
            </dl>
          )}
        </section>
        <section
          aria-labelledby="order-progress"
          className="rounded-xl border border-slate-200 p-4"
        >
          <h2 id="order-progress" className="mb-3 font-semibold text-slate-900">
            {t('orderPage.progress')}
          </h2>
          <OrderTimeline items={o.timeline} label={t('orderPage.progressOf', { id: o.id })} />
        </section>
      </div>
      <section aria-labelledby="order-items">
        <h2 id="order-items" className="mb-2 font-semibold text-slate-900">
          {t('orderPage.items')}
        </h2>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {o.items.map((item) => (
            <li key={item.product_id} className="flex justify-between gap-3 px-4 py-2 text-sm">
              <span>
                {withVariant(item.title, item.variant)}{' '}
                <span className="text-slate-500">× {item.quantity}</span>
              </span>
              <span className="font-medium whitespace-nowrap">{formatKsh(item.subtotal)}</span>
            </li>
          ))}
          {/* The promotions the order got, as it was made (issue 36). */}
          {o.discounts.map((d, i) => (
            <li key={`discount-${i}`} className="flex justify-between gap-3 px-4 py-2 text-sm">
              <span className="text-green-800">{discountLabel(d)}</span>
              <span className="font-medium whitespace-nowrap text-green-800">
                {minusKsh(d.amount)}
              </span>
            </li>
          ))}
          <li className="flex justify-between gap-3 px-4 py-2 text-sm font-semibold">
            <span>{t('orderPage.total', { shipping: formatKsh(o.shipping) })}</span>
            <span className="whitespace-nowrap">{formatKsh(o.order_total)}</span>
          </li>
        </ul>
      </section>
      <section
        aria-labelledby="order-money"
        className="rounded-xl border border-slate-200 p-4 sm:max-w-md"
      >
        <h2 id="order-money" className="mb-2 font-semibold text-slate-900">
          {t('orderPage.payment')}
        </h2>
        <OrderMoney
          money={o.money}
          totalCents={o.order_total}
          owedBackLabel={t('orderPage.dueBack')}
        />
      </section>
      <OrderReturnsSection orderId={o.id} />
      <div className="flex flex-wrap gap-3">
        {/* An exchange at no charge sold nothing: it has no tax invoice. */}
        {o.paid_at && o.order_total > 0 && (
          <ButtonLink to={`/receipt/${o.id}`}>{t('orderPage.receipt')}</ButtonLink>
        )}
        <ButtonLink to={`/ordercomplete?order=${o.id}`} variant="secondary">
          {t('orderPage.printable')}
        </ButtonLink>
        <ButtonLink to="/userprofile/orderhistory" variant="ghost">
          {t('orderPage.allOrders')}
        </ButtonLink>
      </div>
    </article>
  );
}

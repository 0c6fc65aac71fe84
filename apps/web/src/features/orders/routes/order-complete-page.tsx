// /ordercomplete (SPEC §2.12): the order just paid, printable on A4 as 'Order Summary'.
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatDayRange } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/format.ts';
import { mailStatusQuery } from '../../../lib/mail-status.ts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { orderQueries } from '../api/orders-api.ts';
import { usePaymentMethodText } from '../components/order-words.ts';
import { useOrdersText } from '../text.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 break-inside-avoid">
      <h2 className="mb-3 font-semibold text-slate-900">{title}</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900 wrap-anywhere">{children}</dd>
    </>
  );
}

/** While printing, the document is titled 'Order Summary' (the name a saved PDF gets). */
function usePrintTitle(title: string) {
  useEffect(() => {
    let previous = document.title;
    const before = () => {
      previous = document.title;
      document.title = title;
    };
    const after = () => {
      document.title = previous;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [title]);
}

export default function OrderCompletePage() {
  const t = useOrdersText();
  const m = useMessageText();
  const methodText = usePaymentMethodText();
  useDocumentTitle(t('orderComplete.title'));
  usePrintTitle(t('orderComplete.printTitle'));
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const order = useQuery({ ...orderQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
  const mail = useQuery(mailStatusQuery());
  // The seller, as the shop's settings name it.
  const shop = useShopSettings();

  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p>{t('orderComplete.noOrder')}</p>
        <ButtonLink to="/userprofile/orderhistory" className="mt-6">
          {t('orderComplete.yourOrders')}
        </ButtonLink>
      </div>
    );
  }
  if (order.isPending) return <LoadingText />;
  if (order.isError)
    return (
      <div className="mx-auto max-w-3xl px-4">
        <ErrorText>{t('orderComplete.loadError', { error: m(order.error.message) })}</ErrorText>
      </div>
    );
  const o = order.data;

  return (
    <article className="mx-auto max-w-4xl px-4 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">
          {t('orderComplete.heading')}
        </h1>
        <Button className="no-print" onClick={() => window.print()}>
          {t('orderComplete.print')}
        </Button>
      </div>
      <p className="mt-2 text-slate-600">
        {t('orderComplete.thanks', { name: o.shipping_name })}{' '}
        {/* Said only when the shop can send e-mail; without it the confirmation waits. */}
        {mail.data?.email === false
          ? t('orderComplete.noMail')
          : t('orderComplete.receiptTo', { email: o.email })}
      </p>
      {o.status === 'confirmed' && (
        <p className="mt-2 rounded-lg bg-teal-50 px-3 py-2 font-medium text-teal-900">
          {t(
            o.delivery === 'pickup'
              ? 'orderComplete.payOnCollection'
              : 'orderComplete.payOnDelivery',
            { amount: formatKsh(o.order_total) },
          )}
        </p>
      )}

      <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Section title={t('orderComplete.shippingInfo')}>
          <Item label={t('orderComplete.name')}>{o.shipping_name}</Item>
          <Item label={t('orderComplete.phone')}>{o.phone_number}</Item>
          <Item label={t('orderComplete.email')}>{o.email}</Item>
          <Item label={t('orderComplete.address')}>
            {[o.apartment_number, o.street_address].filter(Boolean).join(', ')}
          </Item>
          <Item label={t('orderComplete.city')}>{o.city}</Item>
          {o.county && <Item label={t('orderComplete.county')}>{o.county}</Item>}
          <Item label={t('orderComplete.zip')}>{o.zip_code || '—'}</Item>
          {o.pickup_point && (
            <Item label={t('orderComplete.pickupPoint')}>
              {o.pickup_point.name}, {o.pickup_point.address} ({o.pickup_point.opening_hours})
            </Item>
          )}
          {shop && (
            <>
              <Item label={t('orderComplete.company')}>{shop.legal_name || shop.shop_name}</Item>
              <Item label={t('orderComplete.companyPhone')}>{shop.phone}</Item>
            </>
          )}
        </Section>
        <Section title={t('orderComplete.orderDetails')}>
          <Item label={t('orderComplete.orderNo')}>{o.id}</Item>
          <Item label={t('orderComplete.orderDate')}>{formatDate(o.order_date)}</Item>
          <Item label={t('orderComplete.transactionId')}>{o.transaction_id ?? '—'}</Item>
          <Item label={t('orderComplete.arrival')}>
            {o.expected_delivery
              ? formatDayRange(o.expected_delivery.from, o.expected_delivery.to)
              : t('orderComplete.arrivalAfterPayment')}
          </Item>
        </Section>
        <Section title={t('orderComplete.paymentDetails')}>
          <Item label={t('orderComplete.transactionTime')}>
            {o.paid_at
              ? new Date(o.paid_at).toLocaleString('en-GB', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })
              : '—'}
          </Item>
          <Item label={t('orderComplete.method')}>{methodText(o.payment_method)}</Item>
          <Item label={t('orderComplete.payer')}>
            {o.payer_id ? `•••• ${o.payer_id.slice(-4)}` : '—'}
          </Item>
          <Item label={t('orderComplete.amount')}>{formatKsh(o.order_total)}</Item>
          {o.settlement && o.settlement.currency !== 'KES' && (
            <Item label={t('orderComplete.charged')}>
              {o.settlement.currency} {(o.settlement.amount_minor / 100).toFixed(2)}
            </Item>
          )}
        </Section>
      </div>

      <table className="mt-6 w-full text-sm">
        <caption className="sr-only">{t('orderComplete.itemsCaption')}</caption>
        <thead className="border-b border-slate-200 text-left text-slate-500">
          <tr>
            <th scope="col" className="py-2 font-medium">
              {t('orderComplete.product')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('orderComplete.quantity')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('orderComplete.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((item) => (
            <tr key={item.product_id} className="border-b border-slate-100">
              <td className="py-2">{withVariant(item.title, item.variant)}</td>
              <td className="py-2 text-right">{item.quantity}</td>
              <td className="py-2 text-right">{formatKsh(item.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-right">
          <tr>
            <td colSpan={2} className="pt-3 text-slate-600">
              {t('orderComplete.items')}
            </td>
            <td className="pt-3">{formatKsh(o.items_total)}</td>
          </tr>
          <tr>
            <td colSpan={2} className="text-slate-600">
              {t('orderComplete.shipping')}
            </td>
            <td>{formatKsh(o.shipping)}</td>
          </tr>
          {/* The promotions the order got (issue 36): the total is after them. */}
          {o.discounts.map((d, i) => (
            <tr key={i}>
              <td colSpan={2} className="text-slate-600">
                {discountLabel(d)}
              </td>
              <td>{minusKsh(d.amount)}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={2} className="text-slate-600">
              {t('orderComplete.vat')}
            </td>
            <td>{formatKsh(o.vat)}</td>
          </tr>
          <tr className="text-base font-bold">
            <td colSpan={2} className="pt-2">
              {t('orderComplete.total')}
            </td>
            <td className="pt-2">{formatKsh(o.order_total)}</td>
          </tr>
        </tfoot>
      </table>
      <div className="no-print mt-8 flex flex-wrap gap-3">
        {o.paid_at && (
          <ButtonLink to={`/receipt/${o.id}`} variant="secondary">
            {t('orderComplete.taxInvoice')}
          </ButtonLink>
        )}
        <ButtonLink to="/userprofile/orderhistory" variant="secondary">
          {t('orderComplete.viewOrders')}
        </ButtonLink>
        <ButtonLink to="/products">{t('orderComplete.continueShopping')}</ButtonLink>
      </div>
    </article>
  );
}

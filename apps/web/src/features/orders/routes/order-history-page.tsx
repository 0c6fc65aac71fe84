// Order History in the account area (SPEC §2.13): the shopper's orders with their items.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@duka/domain';
import { moneyNeedsNotice } from '@duka/domain/payments/money-words';
import { formatKsh } from '@duka/domain/pricing/money';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { EmptyText, ErrorText } from '../../../components/ui/status.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { orderQueries } from '../api/orders-api.ts';
import { usePaymentMethodText } from '../components/order-words.ts';
import { useOrdersText } from '../text.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useMoneyWords } from '../../../components/ui/money-words.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';

const PAGE_SIZE = 10;

/** Where an order's money stands, where that says more than its status; 'Pay now' while unpaid. */
function MoneyLine({ order }: { order: Order }) {
  const t = useOrdersText();
  const moneyInWords = useMoneyWords();
  const payable = order.status === 'pending_payment' && order.money.balance > 0;
  const words = moneyInWords(order.money);
  if (!payable && !moneyNeedsNotice(order.money)) return null;
  return (
    <p className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2 text-sm text-slate-800">
      <span>{words}</span>
      {payable && (
        <Link
          to={`/userprofile/orders/${order.id}`}
          className="inline-flex min-h-6 items-center font-medium text-emerald-800 underline underline-offset-2"
        >
          {t('orderHistory.payNow')}
          <span className="sr-only">{t('orderHistory.payNowFor', { id: order.id })}</span>
        </Link>
      )}
    </p>
  );
}

export default function OrderHistoryPage() {
  const t = useOrdersText();
  const m = useMessageText();
  const methodText = usePaymentMethodText();
  useDocumentTitle(t('orderHistory.title'));
  const [page, setPage] = useState(1);
  const orders = useQuery(orderQueries.list(page, PAGE_SIZE));

  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{t('orderHistory.title')}</h1>
      {orders.isPending ? (
        <p role="status" className="py-10 text-center text-slate-500">
          {t('orderHistory.loading')}
        </p>
      ) : orders.isError ? (
        <ErrorText>{t('orderHistory.loadError', { error: m(orders.error.message) })}</ErrorText>
      ) : orders.data.orders.length === 0 ? (
        <EmptyText>{t('orderHistory.empty')}</EmptyText>
      ) : (
        <>
          <ul className="space-y-6">
            {orders.data.orders.map((order) => {
              const itemsTotal = order.items.reduce((sum, i) => sum + i.subtotal, 0);
              return (
                <li
                  key={order.id}
                  className="overflow-hidden rounded-xl border border-slate-200 bg-white"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
                    <div>
                      <h2 className="font-semibold text-slate-900">
                        {t('orderHistory.orderNo', { id: order.id })}
                      </h2>
                      <p className="text-sm text-slate-600">
                        <time dateTime={order.order_date}>{formatDate(order.order_date)}</time> ·{' '}
                        {methodText(order.payment_method)}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      <OrderStatusBadge status={order.status} />
                      <Link
                        to={`/userprofile/orders/${order.id}`}
                        className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline underline-offset-2"
                      >
                        {t('orderHistory.viewOrder')}
                        <span className="sr-only">
                          {t('orderHistory.viewOrderNo', { id: order.id })}
                        </span>
                      </Link>
                    </div>
                  </div>
                  <MoneyLine order={order} />
                  <table className="hidden w-full text-sm md:table">
                    <thead className="text-left text-slate-500">
                      <tr>
                        <th scope="col" className="px-4 py-2 font-medium">
                          {t('orderHistory.item')}
                        </th>
                        <th scope="col" className="px-4 py-2 font-medium">
                          {t('orderHistory.price')}
                        </th>
                        <th scope="col" className="px-4 py-2 text-right font-medium">
                          {t('orderHistory.subtotal')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {order.items.map((item) => (
                        <tr key={item.product_id} className="border-t border-slate-100">
                          <td className="px-4 py-2">
                            <div className="flex items-center gap-3">
                              <ProductImage
                                src={item.image}
                                alt=""
                                sizes="48px"
                                width={48}
                                height={48}
                                className="h-12 w-12 rounded-lg object-cover"
                              />
                              <span>{withVariant(item.title, item.variant)}</span>
                            </div>
                          </td>
                          <td className="px-4 py-2">
                            {formatKsh(item.price)} × {item.quantity}
                          </td>
                          <td className="px-4 py-2 text-right">{formatKsh(item.subtotal)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr className="border-t border-slate-200 font-semibold">
                        <td className="px-4 py-2" colSpan={2}>
                          {t('orderHistory.totalPrice')}
                        </td>
                        <td className="px-4 py-2 text-right">{formatKsh(itemsTotal)}</td>
                      </tr>
                    </tfoot>
                  </table>
                  <ul className="divide-y divide-slate-100 md:hidden">
                    {order.items.map((item) => (
                      <li key={item.product_id} className="flex gap-3 px-4 py-3 text-sm">
                        <ProductImage
                          src={item.image}
                          alt=""
                          sizes="56px"
                          width={56}
                          height={56}
                          className="h-14 w-14 rounded-lg object-cover"
                        />
                        <div className="min-w-0 flex-1">
                          <p className="font-medium">{withVariant(item.title, item.variant)}</p>
                          <p className="text-slate-600">
                            {formatKsh(item.price)} × {item.quantity} = {formatKsh(item.subtotal)}
                          </p>
                        </div>
                      </li>
                    ))}
                    <li className="flex justify-between px-4 py-3 text-sm font-semibold">
                      <span>{t('orderHistory.totalPrice')}</span>
                      <span>{formatKsh(itemsTotal)}</span>
                    </li>
                  </ul>
                  {order.discounts.length > 0 && (
                    <ul
                      aria-label={t('orderHistory.discountsOn', { id: order.id })}
                      className="border-t border-slate-100 px-4 py-2 text-sm text-green-800"
                    >
                      {order.discounts.map((d, i) => (
                        <li key={i} className="flex justify-between gap-3">
                          <span>{discountLabel(d)}</span>
                          <span className="whitespace-nowrap">{minusKsh(d.amount)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="border-t border-slate-100 px-4 py-2 text-right text-sm text-slate-600">
                    {order.discounts.length > 0
                      ? t('orderHistory.totalWithDiscounts')
                      : t('orderHistory.totalWithout')}
                    <span className="font-semibold text-slate-900">
                      {formatKsh(order.order_total)}
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(orders.data.total / PAGE_SIZE)}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}

// All orders (SPEC §2.14), and moving each along its lifecycle (DESIGN.md: pending_payment → paid
// → processing → shipped → delivered; cancelled; refunded; money that came too late: refund due).
// The server says which moves are open.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderStatus } from '@duka/domain';
import { CENTS_PER_SHILLING, divideRoundHalfUp } from '@duka/domain/pricing/money';
import { useNotice } from '../../../components/ui/notices.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatUsDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { OrderStatusBadge, orderStatusLabel } from '../../../components/ui/order-status-badge.tsx';
import { adminOrdersQuery, useUpdateOrderStatus } from '../api/orders-admin-api.ts';
import { CollectControl } from '../components/collect-control.tsx';

const PAGE_SIZE = 10;
const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** SPEC §2.14 writes this screen's amounts as 'Kshs', rounded to whole shillings. */
export function formatKshs(cents: number): string {
  return `Kshs ${whole.format(divideRoundHalfUp(cents, CENTS_PER_SHILLING))}`;
}

function StatusControl({ order }: { order: AdminOrder }) {
  const id = useId();
  const notice = useNotice();
  const update = useUpdateOrderStatus();
  const [next, setNext] = useState<OrderStatus | undefined>(order.next_statuses[0]);
  const [reference, setReference] = useState('');
  if (!next) return null;
  return (
    <form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { id: order.id, status: next, refundReference: reference.trim() || undefined },
          {
            onSuccess: (o) =>
              notice(
                'success',
                `Order ${o.id} is now ${orderStatusLabel(o.status).toLowerCase()}.`,
              ),
          },
        );
      }}
    >
      <div className="flex items-center gap-2 max-lg:justify-end">
        <label htmlFor={id} className="sr-only">
          New status for order {order.id}
        </label>
        <select
          id={id}
          value={next}
          onChange={(e) => setNext(e.target.value as OrderStatus)}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
        >
          {order.next_statuses.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabel(s)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          Update<span className="sr-only"> order {order.id}</span>
        </button>
      </div>
      {next === 'refunded' && (
        <div className="mt-2 max-lg:text-right">
          <label htmlFor={`${id}-reference`} className="block text-xs text-slate-500">
            Refund reference, if refunded by hand
          </label>
          <input
            id={`${id}-reference`}
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
            className="mt-1 w-40 rounded-lg border border-slate-300 px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
          />
        </div>
      )}
      {update.isError && (
        <p role="alert" className="mt-1 max-w-64 text-xs text-red-700 max-lg:ml-auto">
          {update.error.message}
        </p>
      )}
    </form>
  );
}

export default function OrdersPage() {
  useDocumentTitle('Orders');
  const [page, setPage] = useState(1);
  const orders = useQuery(adminOrdersQuery(page, PAGE_SIZE));

  const columns: Column<AdminOrder>[] = [
    {
      header: 'No.',
      cell: (o, index) => (
        <>
          {(page - 1) * PAGE_SIZE + index + 1}
          <span className="block text-xs whitespace-nowrap text-slate-400">Order {o.id}</span>
        </>
      ),
    },
    { header: 'Customer', cell: (o) => <EmailText email={o.user_email} /> },
    { header: 'Order Date', cell: (o) => formatUsDate(o.created_at) },
    { header: 'Shipping Address', cell: (o) => o.shipping_address, className: 'lg:max-w-56' },
    { header: 'Payment Method', cell: (o) => o.payment_method },
    { header: 'Amount', cell: (o) => formatKshs(o.order_total), className: 'whitespace-nowrap' },
    {
      header: 'Status',
      cell: (o) => (
        <>
          <OrderStatusBadge status={o.status} />
          {o.receipt && (
            <span className="mt-1 block font-mono text-xs text-slate-500">
              <span className="sr-only">Receipt </span>
              {o.receipt}
            </span>
          )}
          {/* A new key when the status changes starts the control afresh on the new choices. */}
          {o.status === 'confirmed' && <CollectControl order={o} />}
          <StatusControl key={`${o.id}-${o.status}`} order={o} />
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Orders</h1>
      {orders.isPending ? (
        <LoadingText />
      ) : orders.isError ? (
        <ErrorText>Error: {orders.error.message}</ErrorText>
      ) : orders.data.orders.length === 0 ? (
        <EmptyText>No orders found</EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Orders"
            columns={columns}
            rows={orders.data.orders}
            rowKey={(o) => o.id}
            footer={
              <div className="flex justify-between gap-4 lg:justify-start">
                <span>Total of this page:</span>
                <span>
                  {formatKshs(orders.data.orders.reduce((sum, o) => sum + o.order_total, 0))}
                </span>
              </div>
            }
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(orders.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Orders pages"
          />
        </>
      )}
    </div>
  );
}

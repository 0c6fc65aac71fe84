// All orders (SPEC §2.14), and moving each along its lifecycle (DESIGN.md: pending_payment → paid
// → processing → shipped → delivered; cancelled; refunded; money that came too late: refund due).
// The server says which moves are open.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '@duka/domain/orders/lifecycle';
import type { AdminOrder, OrderStatus } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { formatKenyanPhone } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { OrderStatusBadge, orderStatusLabel } from '../../../components/ui/order-status-badge.tsx';
import { adminOrdersQuery } from '../api/orders-admin-api.ts';
import { StatusControl } from '../components/status-control.tsx';
import { CollectControl } from '../components/collect-control.tsx';
import { MoneyFlag } from '../components/money-flag.tsx';
import { OrdersExport } from '../components/orders-export.tsx';
import { useCan } from '../../../lib/use-can.ts';

// SPEC §2.14 writes this screen's dates MM/DD/YYYY and its amounts 'Kshs'; issue 33 makes them
// Kenyan like every other screen: '27 Nov 2026' and 'Ksh 1,300' (still whole shillings).
const PAGE_SIZE = 10;

export default function OrdersPage() {
  useDocumentTitle('Orders');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = useQuery(adminOrdersQuery(page, PAGE_SIZE, status || undefined));
  const filterId = useId();
  const can = useCan();

  const columns: Column<AdminOrder>[] = [
    {
      header: 'No.',
      cell: (o, index) => (
        <>
          {(page - 1) * PAGE_SIZE + index + 1}
          <Link
            to={`/dashboard/orders/${o.id}`}
            className="block text-xs whitespace-nowrap text-brand-700 underline underline-offset-2"
          >
            Order {o.id}
          </Link>
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (o) => (
        <>
          <EmailText email={o.user_email} />
          {o.phone && (
            <span className="block text-xs text-slate-500">{formatKenyanPhone(o.phone)}</span>
          )}
        </>
      ),
    },
    { header: 'Order Date', cell: (o) => formatNairobiDate(o.created_at) },
    { header: 'Shipping Address', cell: (o) => o.shipping_address, className: 'lg:max-w-56' },
    { header: 'Payment Method', cell: (o) => o.payment_method },
    { header: 'Amount', cell: (o) => formatKsh(o.order_total), className: 'whitespace-nowrap' },
    {
      header: 'Status',
      cell: (o) => (
        <>
          <OrderStatusBadge status={o.status} />
          <MoneyFlag money={o.money} />
          {o.receipt && (
            <span className="mt-1 block font-mono text-xs text-slate-500">
              <span className="sr-only">Receipt </span>
              {o.receipt}
            </span>
          )}
          {/* A new key when the status changes starts the control afresh on the new choices. */}
          {o.collectable && <CollectControl order={o} />}
          <StatusControl key={`${o.id}-${o.status}`} order={o} />
        </>
      ),
    },
    {
      header: 'Items',
      cell: (o) => (
        <ul className="text-xs">
          {o.items.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ),
      className: 'lg:max-w-48',
    },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Orders</h1>
        <div>
          <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id={filterId}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OrderStatus | '');
              setPage(1);
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {can('payments.read') && <OrdersExport status={status || undefined} />}
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
                  {formatKsh(orders.data.orders.reduce((sum, o) => sum + o.order_total, 0))}
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

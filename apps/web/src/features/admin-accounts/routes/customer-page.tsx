// A customer's page (issue 25): the account, what they agreed to, their saved addresses and their
// orders, newest first, each linking to the order's own page.
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { customerQuery } from '../api/customers-api.ts';

const PAGE_SIZE = 10;
const day = formatNairobiDate;

const orderColumns: Column<Order>[] = [
  {
    header: 'Order',
    cell: (o) => (
      <Link to={`/dashboard/orders/${o.id}`} className="font-medium text-brand-700 underline">
        Order {o.id}
      </Link>
    ),
  },
  { header: 'Date', cell: (o) => day(o.order_date) },
  { header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
  { header: 'Total', cell: (o) => formatKsh(o.order_total) },
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export default function CustomerPage() {
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const detail = useQuery({
    ...customerQuery(id, page, PAGE_SIZE),
    enabled: Number.isInteger(id) && id > 0,
  });
  useDocumentTitle(detail.data ? `Customer ${detail.data.customer.username}` : 'Customer');
  if (detail.isPending) return <LoadingText />;
  if (detail.isError) return <ErrorText>Error: {detail.error.message}</ErrorText>;
  const { customer, addresses, orders, marketing_consent_at } = detail.data;
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <Link to="/dashboard/customers" className="text-sm text-brand-700 underline">
          All customers
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{customer.username}</h1>
      </div>
      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <Fact label="E-mail">
          <span className="break-all">{customer.email ?? '—'}</span>
        </Fact>
        <Fact label="Phone">{customer.phone_number || '—'}</Fact>
        <Fact label="Joined">{day(customer.created_at)}</Fact>
        <Fact label="Orders">{customer.orders_count}</Fact>
        <Fact label="Total spent">{formatKsh(customer.total_spent_cents)}</Fact>
        <Fact label="Marketing e-mails">
          {marketing_consent_at ? `Agreed on ${day(marketing_consent_at)}` : 'Not agreed'}
        </Fact>
      </dl>
      <section aria-labelledby="addresses">
        <h2 id="addresses" className="mb-3 text-lg font-semibold text-slate-900">
          Addresses
        </h2>
        {addresses.length === 0 ? (
          <EmptyText>No saved addresses.</EmptyText>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <p className="font-medium">
                  {a.name}
                  {a.is_default && <span className="ml-2 text-brand-700">(default)</span>}
                </p>
                <p>{[a.street_address, a.apartment_number, a.city].filter(Boolean).join(', ')}</p>
                {a.phone && <p className="text-slate-600">{a.phone}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="orders" className="min-w-0">
        <h2 id="orders" className="mb-3 text-lg font-semibold text-slate-900">
          Orders
        </h2>
        {orders.orders.length === 0 ? (
          <EmptyText>No orders yet.</EmptyText>
        ) : (
          <>
            <ResponsiveTable
              caption={`Orders of ${customer.username}`}
              columns={orderColumns}
              rows={orders.orders}
              rowKey={(o) => o.id}
            />
            <Pagination
              page={page}
              pageCount={Math.ceil(orders.total / PAGE_SIZE)}
              onPageChange={setPage}
              windowSize={5}
              label="Order pages"
            />
          </>
        )}
      </section>
    </div>
  );
}

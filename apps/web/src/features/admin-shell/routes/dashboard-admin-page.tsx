// The back office's dashboard (SPEC §2.14): figures computed by the server, the 'Sales Report'
// chart and a page of recent orders; above them, the outbox's failed messages (the messages
// feature's, composed in app/routes/admin-dashboard-route.tsx).
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DashboardOrder } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { dashboardQuery } from '../api/dashboard-api.ts';
import { SalesChart } from '../components/sales-chart.tsx';

const PAGE_SIZE = 10;
const count = new Intl.NumberFormat('en-KE');

const columns: Column<DashboardOrder>[] = [
  { header: 'Id', cell: (o) => o.id },
  { header: 'Customer Name', cell: (o) => o.username },
  { header: 'Order Date', cell: (o) => formatNairobiDate(o.created_at) },
  {
    header: 'Item',
    cell: (o) => (
      <>
        {o.first_item}
        {o.line_count > 1 && (
          <span className="whitespace-nowrap text-slate-500"> +{o.line_count - 1} more</span>
        )}
      </>
    ),
  },
  { header: 'Quantity', cell: (o) => o.item_count },
  { header: 'Amount', cell: (o) => formatKsh(o.order_total), className: 'whitespace-nowrap' },
  {
    header: 'Status',
    cell: (o) => <OrderStatusBadge status={o.status} />,
    className: 'whitespace-nowrap',
  },
];

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d={path} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export default function DashboardAdminPage({
  failedMessages,
}: {
  /** Messages the outbox gave up on, for those who may see them. */
  failedMessages: ReactNode;
}) {
  useDocumentTitle('Dashboard');
  const [page, setPage] = useState(1);
  const dashboard = useQuery(dashboardQuery(page, PAGE_SIZE));

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Dashboard</h1>
      {failedMessages}
      {dashboard.isPending ? (
        <LoadingText />
      ) : dashboard.isError ? (
        <ErrorText>Error: {dashboard.error.message}</ErrorText>
      ) : (
        <>
          <section aria-label="Summary" className="grid gap-4 sm:grid-cols-3">
            <StatCard
              label="Earnings"
              value={formatKsh(dashboard.data.earnings)}
              icon={icon(
                'M3 7h18v10H3zM7 12h.01M17 12h.01M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
              )}
            />
            <StatCard
              label="Orders"
              value={count.format(dashboard.data.orders)}
              icon={icon('M6 7h12l-1 13H7L6 7zM9 7a3 3 0 0 1 6 0')}
            />
            <StatCard
              label="SignUps"
              value={count.format(dashboard.data.signups)}
              icon={icon(
                'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 8v6M22 11h-6',
              )}
            />
          </section>

          <section
            aria-labelledby="sales-report"
            className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <h2 id="sales-report" className="mb-2 text-lg font-semibold text-slate-900">
              Sales Report
            </h2>
            <SalesChart sales={dashboard.data.sales_by_day} />
          </section>

          <section aria-labelledby="recent-orders" className="mt-8">
            <h2 id="recent-orders" className="mb-3 text-lg font-semibold text-slate-900">
              Recent Orders
            </h2>
            {dashboard.data.recent_orders.orders.length === 0 ? (
              <EmptyText>No orders found</EmptyText>
            ) : (
              <ResponsiveTable
                caption="Recent Orders"
                columns={columns}
                rows={dashboard.data.recent_orders.orders}
                rowKey={(o) => o.id}
              />
            )}
            <Pagination
              page={page}
              pageCount={Math.ceil(dashboard.data.recent_orders.total / PAGE_SIZE)}
              onPageChange={setPage}
              windowSize={5}
              label="Recent orders pages"
            />
          </section>
        </>
      )}
    </div>
  );
}

// Returns (issue 34): every return asked for, newest first, by status; each opens to be decided.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminReturn, ReturnStatus } from '@duka/domain';
import { RETURN_STATUSES, RETURN_STATUS_WORDS } from '@duka/domain/orders/return-schemas';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { returnAdminQueries } from '../api/returns-admin-api.ts';
import { outcomeOf, ReturnStatusBadge } from '../components/return-bits.tsx';

const PAGE_SIZE = 20;

const columns: Column<AdminReturn>[] = [
  {
    header: 'Return',
    cell: (r) => (
      <Link to={`/dashboard/returns/${r.id}`} className="font-semibold text-brand-700 underline">
        Return #{r.id}
      </Link>
    ),
  },
  {
    header: 'Order',
    cell: (r) => (
      <Link to={`/dashboard/orders/${r.order_id}`} className="text-brand-700 underline">
        Order {r.order_id}
      </Link>
    ),
  },
  {
    header: 'Customer',
    cell: (r) => (
      <span className="wrap-anywhere">
        {r.customer_name}
        <span className="block text-xs text-slate-500">{r.customer_email}</span>
      </span>
    ),
  },
  {
    header: 'Items',
    stack: true,
    cell: (r) =>
      r.lines.map((l) => `${l.quantity} × ${withVariant(l.title, l.variant)}`).join(', '),
  },
  { header: 'Asked for', cell: (r) => outcomeOf(r) },
  { header: 'Asked', cell: (r) => formatNairobiDate(r.created_at), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (r) => <ReturnStatusBadge status={r.status} /> },
];

export default function ReturnsPage() {
  useDocumentTitle('Returns');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const returns = useQuery(returnAdminQueries.list(page, PAGE_SIZE, status));
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Returns</h1>
      <label className="mb-4 flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Status</span>
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReturnStatus | '');
            setPage(1);
          }}
          className="min-h-10 rounded-lg border border-slate-300 px-3"
        >
          <option value="">All</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_WORDS[s]}
            </option>
          ))}
        </select>
      </label>
      {returns.isPending ? (
        <LoadingText />
      ) : returns.isError ? (
        <ErrorText>Error: {returns.error.message}</ErrorText>
      ) : returns.data.returns.length === 0 ? (
        <EmptyText>
          {status
            ? `No returns are ${RETURN_STATUS_WORDS[status].toLowerCase()}.`
            : 'No returns yet: shoppers ask for them from their delivered orders.'}
        </EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Returns"
            columns={columns}
            rows={returns.data.returns}
            rowKey={(r) => r.id}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(returns.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Returns pages"
          />
        </>
      )}
    </div>
  );
}

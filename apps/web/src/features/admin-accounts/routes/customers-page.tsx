// Customers (SPEC §2.14, DESIGN.md 10): computed figures, every account, and admin rights. The
// server refuses to demote the last admin; its reason is shown beside the account.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminUser, Customer } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { useNotice } from '../../../components/ui/notices.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { customersSummaryQuery, useSetAdminRights, usersQuery } from '../api/customers-api.ts';

const PAGE_SIZE = 10;
const count = new Intl.NumberFormat('en-KE');

/** A change in percent: '▲ 25%' in green, '▼ 33.3%' in red, '0%' plain. */
function Trend({ percent }: { percent: number }) {
  if (percent === 0) return <>0%</>;
  const up = percent > 0;
  return (
    <span className={`font-semibold ${up ? 'text-brand-700' : 'text-red-700'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <span className="sr-only">{up ? 'up ' : 'down '}</span>
      {Math.abs(percent)}%
    </span>
  );
}

function AdminRightsButton({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  const { reloadCurrentUser } = useAuth();
  const notice = useNotice();
  const rights = useSetAdminRights();
  const grant = !user.is_admin;
  return (
    <div className="flex flex-col items-end gap-1 lg:items-start">
      <button
        type="button"
        disabled={rights.isPending}
        onClick={() =>
          rights.mutate(
            { id: user.id, isAdmin: grant },
            {
              onSuccess: (updated) => {
                notice(
                  'success',
                  updated.is_admin
                    ? `${updated.username} is now an admin.`
                    : `${updated.username} is no longer an admin.`,
                );
                // Demoting yourself closes the back office to you.
                if (isMe) void reloadCurrentUser();
              },
            },
          )
        }
        className={`rounded-lg px-3 py-1.5 text-xs font-semibold whitespace-nowrap disabled:opacity-50 ${
          grant
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'border border-red-300 bg-white text-red-700 hover:bg-red-50'
        }`}
      >
        {grant ? 'Make Admin' : 'Revoke Admin'}
        <span className="sr-only">: {user.email}</span>
      </button>
      {rights.isError && (
        <p role="alert" className="text-xs text-red-700">
          {rights.error.message}
        </p>
      )}
    </div>
  );
}

export default function CustomersPage() {
  useDocumentTitle('Customers');
  const { currentUser } = useAuth();
  const can = useCan();
  const [page, setPage] = useState(1);
  const summary = useQuery(customersSummaryQuery());
  const users = useQuery(usersQuery(page, PAGE_SIZE));

  const columns: Column<Customer>[] = [
    { header: 'Id', cell: (u) => u.id },
    {
      header: 'Username',
      cell: (u) => (
        <Link
          to={`/dashboard/customers/${u.id}`}
          className="font-medium text-brand-700 underline"
          aria-label={`Open ${u.username}`}
        >
          {u.username}
        </Link>
      ),
    },
    { header: 'Email', cell: (u) => (u.email ? <EmailText email={u.email} /> : '—') },
    { header: 'Orders', cell: (u) => u.orders_count },
    { header: 'Total Spent', cell: (u) => formatKsh(u.total_spent_cents) },
    {
      header: 'Is_Admin',
      cell: (u) =>
        u.is_admin ? (
          <span className="font-semibold text-brand-700">Yes</span>
        ) : (
          <span className="text-slate-500">No</span>
        ),
    },
  ];
  // SPEC §2.14: the Actions column is there only for an admin: one who may manage staff.
  if (currentUser && can('staff.manage')) {
    columns.push({
      header: 'Actions',
      cell: (u) => <AdminRightsButton user={u} isMe={u.id === currentUser.id} />,
    });
  }

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Customers</h1>
      {summary.isError ? (
        <ErrorText>Error: {summary.error.message}</ErrorText>
      ) : (
        summary.data && (
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              label="Total Customers"
              value={count.format(summary.data.total_customers)}
              note={
                summary.data.growth_percent === null ? (
                  'All joined this month'
                ) : (
                  <>
                    <Trend percent={summary.data.growth_percent} /> this month
                  </>
                )
              }
            />
            <StatCard
              label="Members"
              value={count.format(summary.data.members)}
              note={
                <>
                  {count.format(summary.data.signups_this_month)} joined this month
                  {summary.data.signups_change_percent === null ? (
                    summary.data.signups_this_month > 0 && ', none last month'
                  ) : (
                    <>
                      , <Trend percent={summary.data.signups_change_percent} /> on last month
                    </>
                  )}
                </>
              }
            />
            <StatCard
              label="Active Now"
              value={count.format(summary.data.active_now)}
              note={`${summary.data.active_percent}% of customers`}
            />
          </div>
        )
      )}

      {/* Busy while another page is on its way: the rows on screen are still the last page's. */}
      <section aria-labelledby="all-customers" aria-busy={users.isPlaceholderData} className="mt-8">
        <h2 id="all-customers" className="mb-3 text-lg font-semibold text-slate-900">
          All Customers
        </h2>
        {users.isPending ? (
          <LoadingText />
        ) : users.isError ? (
          <ErrorText>Error: {users.error.message}</ErrorText>
        ) : (
          <>
            <ResponsiveTable
              caption="All Customers"
              columns={columns}
              rows={users.data.users}
              rowKey={(u) => u.id}
            />
            <Pagination
              page={page}
              pageCount={Math.ceil(users.data.total / PAGE_SIZE)}
              onPageChange={setPage}
              windowSize={5}
              label="Customers pages"
            />
          </>
        )}
      </section>
    </div>
  );
}

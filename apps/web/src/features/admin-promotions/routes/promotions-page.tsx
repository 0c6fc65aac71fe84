// Promotions (issue 36): every coupon code, automatic discount and flash sale, with what it gives,
// when it runs (Nairobi time), whether it is running, and its uses, paid orders and revenue.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Promotion } from '@duka/domain';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { promotionsQuery } from '../api/promotions-admin-api.ts';
import { DeletePromotion } from '../components/delete-promotion.tsx';
import {
  offerWords,
  shillings,
  statusOf,
  termsWords,
  usesWords,
  whenWords,
  type PromotionStatus,
} from '../components/promotion-words.ts';

const PAGE_SIZE = 20;
const count = new Intl.NumberFormat('en-KE');

const STATUS_STYLE: Record<PromotionStatus, string> = {
  Live: 'bg-green-100 text-green-800',
  Scheduled: 'bg-sky-100 text-sky-800',
  'Used up': 'bg-amber-100 text-amber-900',
  Ended: 'bg-slate-200 text-slate-700',
};

function columns(now: Date): Column<Promotion>[] {
  return [
    {
      header: 'Name',
      cell: (p) => <span className="font-medium text-slate-900">{p.name}</span>,
      stack: true,
    },
    {
      header: 'Code',
      cell: (p) =>
        p.code ? (
          <span className="font-mono font-semibold whitespace-nowrap">{p.code}</span>
        ) : (
          <span className="text-slate-600">Automatic</span>
        ),
    },
    {
      header: 'Gives',
      stack: true,
      cell: (p) => {
        const terms = termsWords(p);
        return (
          <>
            <span className="font-medium">{offerWords(p)}</span>
            {terms.length > 0 && (
              <span className="block text-xs text-slate-500">{terms.join(' · ')}</span>
            )}
          </>
        );
      },
    },
    { header: 'When (Nairobi time)', cell: (p) => whenWords(p), stack: true },
    {
      header: 'Status',
      cell: (p) => {
        const status = statusOf(p, now);
        return (
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}
          >
            {status}
          </span>
        );
      },
    },
    { header: 'Uses', cell: (p) => usesWords(p), className: 'whitespace-nowrap' },
    { header: 'Orders', cell: (p) => count.format(p.orders) },
    { header: 'Revenue', cell: (p) => shillings(p.revenue), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (p) => (
        <div className="flex items-center justify-end gap-2 lg:justify-start">
          <ButtonLink
            to={`/dashboard/promotions/${p.id}/edit`}
            variant="secondary"
            aria-label={`Edit ${p.name}`}
            className="px-3 py-1.5 text-xs"
          >
            Edit
          </ButtonLink>
          <DeletePromotion promotion={p} />
        </div>
      ),
    },
  ];
}

export default function PromotionsPage() {
  useDocumentTitle('Promotions');
  const [page, setPage] = useState(1);
  const list = useQuery(promotionsQuery(page, PAGE_SIZE));

  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Promotions</h1>
        <ButtonLink to="/dashboard/promotions/new">Add promotion</ButtonLink>
      </div>
      {list.isPending ? (
        <LoadingText />
      ) : list.isError ? (
        <ErrorText>Error: {list.error.message}</ErrorText>
      ) : list.data.total === 0 ? (
        <EmptyText>
          No promotions yet. Add a coupon code, an automatic discount or a flash sale.
        </EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Promotions"
            columns={columns(new Date())}
            rows={list.data.promotions}
            rowKey={(p) => p.id}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            label="Promotions pages"
          />
        </>
      )}
    </div>
  );
}

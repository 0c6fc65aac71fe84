// Low stock (issue 21): every size and colour on sale that is running out, the fewest first, with
// a link to the product's editor where its stock is set.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { LowStockPage as Page } from '@duka/domain';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { lowStockQuery } from '../api/catalog-admin-api.ts';

const PAGE_SIZE = 20;
const THRESHOLDS = [0, 2, 5, 10, 20];

type Item = Page['items'][number];

const columns: Column<Item>[] = [
  {
    header: 'Product',
    cell: (i) => (
      <Link
        to={`/dashboard/products/${i.productId}/edit`}
        className="font-medium text-brand-700 underline"
        aria-label={`Edit ${i.title}${i.variant ? ` (${i.variant})` : ''}`}
      >
        {i.title}
      </Link>
    ),
  },
  { header: 'Variant', cell: (i) => i.variant || '—' },
  { header: 'SKU', cell: (i) => <span className="font-mono text-xs">{i.sku}</span> },
  {
    header: 'Stock',
    cell: (i) => (
      <span className={i.stock === 0 ? 'font-semibold text-red-700' : 'font-semibold'}>
        {i.stock === 0 ? 'Sold out' : i.stock}
      </span>
    ),
  },
];

export default function LowStockPage() {
  useDocumentTitle('Low stock');
  const [page, setPage] = useState(1);
  const [threshold, setThreshold] = useState(5);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const list = useQuery(lowStockQuery(page, PAGE_SIZE, threshold, q));
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Low stock</h1>
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Product or SKU</span>
          <input
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
            className="min-h-10 rounded-lg border border-slate-300 px-3"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Units left, at most</span>
          <select
            value={threshold}
            onChange={(e) => {
              setThreshold(Number(e.target.value));
              setPage(1);
            }}
            className="min-h-10 rounded-lg border border-slate-300 px-3"
          >
            {THRESHOLDS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <LoadingText />
      ) : list.isError ? (
        <ErrorText>Error: {list.error.message}</ErrorText>
      ) : list.data.items.length === 0 ? (
        <EmptyText>
          Nothing is running out: every size and colour has more than {threshold}.
        </EmptyText>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">{list.data.total} running out</p>
          <ResponsiveTable
            caption="Low stock"
            columns={columns}
            rows={list.data.items}
            rowKey={(i) => i.variantId}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Low stock pages"
          />
        </>
      )}
    </div>
  );
}

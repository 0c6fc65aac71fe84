// All Products in the back office (SPEC §2.14): search, sort, 6 a page, and price, discount and
// stock edits.
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '@duka/domain';
import { displayPriceCents, formatKsh, percentToBasisPoints } from '@duka/domain/pricing/money';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ErrorText } from '../../../components/ui/status.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { catalogQueries } from '../../catalog/api/catalog-api.ts';
import { EditProductModal, type EditAction } from '../components/edit-product-modal.tsx';

const PAGE_SIZE = 6;
const SORTS = { newest: 'Newest', priceAsc: 'Price', stock: 'In stock' } as const;

function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (p: number) => void;
}) {
  const jumpId = useId();
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {Array.from({ length: Math.min(6, pageCount) }, (_, i) => i + 1).map((p) => (
        <button
          key={p}
          type="button"
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onPage(p)}
          className={`min-w-9 rounded-lg border px-3 py-1.5 text-sm ${p === page ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
        >
          {p}
        </button>
      ))}
      {pageCount > 6 && (
        <span className="flex items-center gap-2 text-sm">
          <label htmlFor={jumpId}>Page</label>
          <input
            id={jumpId}
            type="number"
            min={1}
            max={pageCount}
            value={page}
            onChange={(e) => {
              const p = Number(e.target.value);
              if (Number.isInteger(p) && p >= 1 && p <= pageCount) onPage(p);
            }}
            className="w-20 rounded-lg border border-slate-300 px-2 py-1.5"
          />
          <span>of {pageCount}</span>
        </span>
      )}
    </nav>
  );
}

export default function AllProductsPage() {
  useDocumentTitle('All Products');
  const queryClient = useQueryClient();
  const notice = useNotice();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<keyof typeof SORTS>('newest');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ product: ProductSummary; action: EditAction } | null>(
    null,
  );
  const q = useDebouncedValue(text.trim(), 300);
  const ids = { search: useId(), sort: useId() };
  const products = useQuery(
    catalogQueries.products({
      q: q || undefined,
      sort,
      limit: PAGE_SIZE,
      skip: (page - 1) * PAGE_SIZE,
    }),
  );
  const pageCount = products.data ? Math.ceil(products.data.total / PAGE_SIZE) : 0;

  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">All Products</h1>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={ids.search} className="sr-only">
          Search products
        </label>
        <input
          id={ids.search}
          type="search"
          placeholder="Search products..."
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-brand-600 focus:outline-none sm:max-w-sm"
        />
        <label htmlFor={ids.sort} className="sr-only">
          Sort by
        </label>
        <select
          id={ids.sort}
          value={sort}
          onChange={(e) => setSort(e.target.value as keyof typeof SORTS)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2"
        >
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>

      {products.isPending ? (
        <p role="status" className="py-10 text-center text-slate-500">
          Loading...
        </p>
      ) : products.isError ? (
        <ErrorText>Error: {products.error.message}</ErrorText>
      ) : products.data.products.length === 0 ? (
        <p className="py-10 text-center text-slate-500">No products found.</p>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {products.data.products.map((p) => (
              <li
                key={p.id}
                className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              >
                <img
                  src={p.thumbnail}
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
                <div className="flex flex-1 flex-col gap-1 p-4">
                  <h2 className="font-semibold text-slate-900">{p.title}</h2>
                  <p className="text-sm text-slate-500">{p.category}</p>
                  <p className="text-sm text-amber-600">
                    ★ {p.rating.toFixed(1)} <span className="text-slate-500">Reviews</span>
                  </p>
                  <p className="text-sm">
                    <span className="font-semibold text-brand-800">
                      {formatKsh(
                        displayPriceCents(p.price, percentToBasisPoints(p.discountPercentage)),
                      )}
                    </span>{' '}
                    {p.discountPercentage > 0 && (
                      <span className="text-slate-500">
                        <span className="line-through">{formatKsh(p.price)}</span> −
                        {p.discountPercentage}%
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600">Stock: {p.stock}</p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-3">
                    {(['price', 'discount_percentage', 'stock'] as const).map((action) => (
                      <button
                        key={action}
                        type="button"
                        onClick={() => setEditing({ product: p, action })}
                        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                      >
                        {action === 'price'
                          ? 'Edit Price'
                          : action === 'stock'
                            ? 'Stock'
                            : 'Discount'}
                        <span className="sr-only">: {p.title}</span>
                      </button>
                    ))}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {products.data.total > PAGE_SIZE && (
            <Pager page={page} pageCount={pageCount} onPage={setPage} />
          )}
        </>
      )}
      {editing && (
        <EditProductModal
          product={editing.product}
          action={editing.action}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notice('success', 'Product updated successfully!');
            void queryClient.invalidateQueries({ queryKey: ['products'] });
          }}
        />
      )}
    </div>
  );
}

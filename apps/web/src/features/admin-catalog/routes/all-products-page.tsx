// All Products in the back office (SPEC §2.14): search, sort, 6 a page, and price, discount and
// stock edits.
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '@duka/domain';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { apiBlob } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { ErrorText } from '../../../components/ui/status.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { adminProductsQuery } from '../api/catalog-admin-api.ts';
import { AdminProductCard } from '../components/admin-product-card.tsx';
import { AdminProductsPager } from '../components/admin-products-pager.tsx';
import { EditProductModal, type EditAction } from '../components/edit-product-modal.tsx';
import { TaxModal } from '../components/tax-modal.tsx';

const PAGE_SIZE = 6;

/** The whole catalogue in Shopify's product CSV, one row per size and colour. */
function ExportButton() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveFile('duka-products.csv', await apiBlob('/admin/products/export.csv'));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="flex items-center gap-3">
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          The export failed. Please try again.
        </p>
      )}
      <ButtonLink variant="secondary" to="/dashboard/products/import">
        Import CSV
      </ButtonLink>
      <Button variant="secondary" onClick={download} disabled={state === 'busy'}>
        {state === 'busy' ? 'Exporting…' : 'Export CSV'}
      </Button>
    </div>
  );
}
const SORTS = { newest: 'Newest', priceAsc: 'Price', stock: 'In stock' } as const;

export default function AllProductsPage() {
  useDocumentTitle('All Products');
  const queryClient = useQueryClient();
  const notice = useNotice();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<keyof typeof SORTS>('newest');
  const [page, setPage] = useState(1);
  const [taxOf, setTaxOf] = useState<ProductSummary | null>(null);
  const [editing, setEditing] = useState<{ product: ProductSummary; action: EditAction } | null>(
    null,
  );
  const q = useDebouncedValue(text.trim(), 300);
  const ids = { search: useId(), sort: useId() };
  const products = useQuery(
    adminProductsQuery({
      q: q || undefined,
      sort,
      limit: PAGE_SIZE,
      skip: (page - 1) * PAGE_SIZE,
    }),
  );
  const pageCount = products.data ? Math.ceil(products.data.total / PAGE_SIZE) : 0;

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">All Products</h1>
        <ExportButton />
      </div>
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
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {products.data.products.map((p) => (
              <AdminProductCard
                key={p.id}
                product={p}
                onEdit={(action) => setEditing({ product: p, action })}
                onTax={() => setTaxOf(p)}
              />
            ))}
          </ul>
          {products.data.total > PAGE_SIZE && (
            <AdminProductsPager page={page} pageCount={pageCount} onPage={setPage} />
          )}
        </>
      )}
      {taxOf && (
        <TaxModal
          product={taxOf}
          onClose={() => setTaxOf(null)}
          onSaved={() => {
            setTaxOf(null);
            notice('success', 'Tax details saved');
          }}
        />
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

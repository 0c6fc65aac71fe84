// /search?q= (the admin header's search): products, customers and orders that match. It lives in
// the shop's layout, and for anyone but an admin it does not exist.
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { displayPriceCents, formatKsh, percentToBasisPoints } from '@duka/domain/pricing/money';
import NotFoundPage from '../../../components/ui/not-found-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { adminSearchQuery } from '../api/search-api.ts';
import { ProductImage } from '../../../components/ui/product-image.tsx';

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="mt-8">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-500">
          No {title.toLowerCase()} match.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {children}
        </ul>
      )}
    </section>
  );
}

function SearchBox({ initial }: { initial: string }) {
  const id = useId();
  const [, setParams] = useSearchParams();
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="mt-4 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) setParams({ q: text.trim() });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products, customers and orders
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search..."
        className="w-full max-w-md rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

export default function SearchPage() {
  useDocumentTitle('Search');
  const { authToken, currentUser, isLoading } = useAuth();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const isAdmin = !!currentUser?.is_admin;
  const results = useQuery({ ...adminSearchQuery(q), enabled: isAdmin && q.length > 0 });

  if (authToken && isLoading) return <LoadingText />;
  if (!isAdmin) return <NotFoundPage />;

  const found = results.data;
  const nothing =
    found && found.products.length + found.customers.length + found.orders.length === 0;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">
        {q ? `Search results for "${q}"` : 'Search'}
      </h1>
      <SearchBox key={q} initial={q} />
      {!q ? (
        <p className="mt-6 text-slate-600">
          Type a product name, a customer&apos;s name or e-mail, or an order number.
        </p>
      ) : results.isPending ? (
        <LoadingText />
      ) : results.isError ? (
        <ErrorText>Error: {results.error.message}</ErrorText>
      ) : nothing ? (
        <p className="mt-6 text-slate-600">Nothing found for &quot;{q}&quot;</p>
      ) : (
        <>
          <Section title="Products" count={results.data.products.length}>
            {results.data.products.map((p) => (
              <li key={p.id} className="flex items-center gap-3 px-4 py-3 text-sm">
                <ProductImage
                  src={p.thumbnail}
                  alt=""
                  sizes="48px"
                  width={48}
                  height={48}
                  className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/products/${p.id}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {p.title}
                  </Link>
                  <p className="text-slate-500">
                    {p.category} · {p.stock} in stock
                  </p>
                </div>
                <span className="font-semibold whitespace-nowrap text-slate-900">
                  {formatKsh(
                    displayPriceCents(p.price, percentToBasisPoints(p.discountPercentage)),
                  )}
                </span>
              </li>
            ))}
          </Section>
          <Section title="Customers" count={results.data.customers.length}>
            {results.data.customers.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm"
              >
                <span className="font-medium text-slate-900">{c.username}</span>
                <span className="wrap-anywhere text-slate-600">{c.email}</span>
                {c.is_admin && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                    Admin
                  </span>
                )}
                <span className="ml-auto text-slate-500">Customer {c.id}</span>
              </li>
            ))}
          </Section>
          <Section title="Orders" count={results.data.orders.length}>
            {results.data.orders.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm"
              >
                <Link to="/dashboard/orders" className="font-medium text-brand-700 hover:underline">
                  Order {o.id}
                </Link>
                <span className="wrap-anywhere text-slate-600">{o.user_email}</span>
                <span className="text-slate-500">{formatNairobiDate(o.created_at)}</span>
                <span className="ml-auto flex items-center gap-3">
                  <span className="font-semibold text-slate-900">{formatKsh(o.order_total)}</span>
                  <OrderStatusBadge status={o.status} />
                </span>
              </li>
            ))}
          </Section>
        </>
      )}
    </div>
  );
}

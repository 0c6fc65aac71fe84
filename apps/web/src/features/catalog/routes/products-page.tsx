// /products (SPEC §2.3). Filters, sort and page live in the URL, so links can be shared and Back
// works; the server does the filtering, sorting and paging.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_SORTS, type ProductSort } from '@duka/domain/catalog/constants';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { catalogQueries } from '../api/catalog-api.ts';
import { ProductGrid } from '../components/product-card.tsx';
import { chosenOptions, OptionFilters } from '../components/option-filters.tsx';
import { HydrateLater } from '../../../lib/hydration.tsx';
import { useCatalogText } from '../text.ts';
import { groupThousands } from '@duka/domain/common/numbers';

export const CATALOG_PAGE_SIZE = 8;

const SORT_LABELS = {
  priceAsc: 'productsPage.sortPriceAsc',
  priceDesc: 'productsPage.sortPriceDesc',
  titleAsc: 'productsPage.sortTitleAsc',
  titleDesc: 'productsPage.sortTitleDesc',
} as const satisfies Partial<Record<ProductSort, string>>;
const SHOPPER_SORTS = PRODUCT_SORTS.filter((s): s is keyof typeof SORT_LABELS => s in SORT_LABELS);

const selectClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const t = useCatalogText();
  const m = useMessageText();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const brand = params.get('brand') ?? '';
  // Option filters apply within a category: its sizes and colours.
  const options = category ? params.getAll('option') : [];
  const sortParam = params.get('sort') ?? '';
  const sort = (SHOPPER_SORTS as string[]).includes(sortParam)
    ? (sortParam as ProductSort)
    : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const ids = {
    category: useId(),
    brand: useId(),
    search: useId(),
    sort: useId(),
    filters: useId(),
  };
  // On a phone the filters fold away behind a button, so the products start on the first screen;
  // from md up they are always shown (CSS only: the same markup on the server and the client).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [q, category, brand, sort].filter(Boolean).length + options.length;

  /** Updates the URL; any change but sort or page goes back to page 1 (SPEC §4). */
  const update = (changes: Record<string, string | string[]>, resetPage = true) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        next.delete(key);
        for (const v of Array.isArray(value) ? value : [value]) if (v) next.append(key, v);
      }
      if (resetPage) next.delete('page');
      return next;
    });
  };

  // The search box updates the URL a moment after typing stops.
  const [searchText, setSearchText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    // The URL changed from elsewhere (header search, Back): show its text in the box.
    setShownQ(q);
    setSearchText(q);
  }
  const debouncedSearch = useDebouncedValue(searchText, 350);
  useEffect(() => {
    if (debouncedSearch.trim() !== q) update({ q: debouncedSearch.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing should trigger this
  }, [debouncedSearch]);

  const categories = useQuery(catalogQueries.categories());
  // A category's page is titled with its name (issue 33); the whole catalogue keeps 'Products'.
  // The categories are in the server's render too, so its <title> and heading say the same.
  const heading =
    (category && categories.data?.find((c) => c.slug === category)?.name) ||
    t('productsPage.heading');
  useDocumentTitle(heading);
  const brands = useQuery(catalogQueries.brands(category || undefined));
  const facets = useQuery({ ...catalogQueries.options(category), enabled: !!category });
  const chosen = chosenOptions(options);
  const products = useQuery(
    catalogQueries.products({
      q: q || undefined,
      category: category || undefined,
      brand: brand || undefined,
      option: options.length > 0 ? options : undefined,
      sort,
      limit: CATALOG_PAGE_SIZE,
      skip: (page - 1) * CATALOG_PAGE_SIZE,
    }),
  );
  const pageCount = products.data ? Math.ceil(products.data.total / CATALOG_PAGE_SIZE) : 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-5 md:py-8">
      <div className="mb-4 flex items-center justify-between gap-3 md:mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{heading}</h1>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={ids.filters}
          onClick={() => setFiltersOpen((open) => !open)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 md:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 5h18M6 12h12M10 19h4" />
          </svg>
          {t('productsPage.filters')}
          {activeFilters > 0 && (
            <span className="rounded-full bg-brand-700 px-2 text-xs leading-5 text-white">
              {activeFilters}
              <span className="sr-only">{` ${t('productsPage.active')}`}</span>
            </span>
          )}
        </button>
      </div>

      <HydrateLater>
        <form
          id={ids.filters}
          role="search"
          aria-label={t('productsPage.filterProducts')}
          className={`mb-6 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 md:mb-8 md:grid lg:grid-cols-4 ${filtersOpen ? 'grid' : 'hidden'}`}
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: searchText.trim() });
          }}
        >
          <div>
            <label htmlFor={ids.category} className="mb-1 block text-xs font-medium text-slate-600">
              {t('productsPage.category')}
            </label>
            <select
              id={ids.category}
              className={selectClass}
              value={category}
              onChange={(e) => update({ category: e.target.value, brand: '', option: [] })}
            >
              <option value="">{t('productsPage.allCategories')}</option>
              {categories.data?.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {`${c.name} (${c.count})`}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.brand} className="mb-1 block text-xs font-medium text-slate-600">
              {t('productsPage.brand')}
            </label>
            <select
              id={ids.brand}
              className={selectClass}
              value={brand}
              onChange={(e) => update({ brand: e.target.value })}
            >
              <option value="">{t('productsPage.allBrands')}</option>
              {brands.data?.map((b) => (
                <option key={b.name} value={b.name}>
                  {`${b.name} (${b.count})`}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.search} className="mb-1 block text-xs font-medium text-slate-600">
              {t('productsPage.search')}
            </label>
            <input
              id={ids.search}
              type="search"
              placeholder={t('productsPage.searchPlaceholder')}
              className={selectClass}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.sort} className="mb-1 block text-xs font-medium text-slate-600">
              {t('productsPage.sortBy')}
            </label>
            <select
              id={ids.sort}
              className={selectClass}
              value={sort ?? ''}
              onChange={(e) => update({ sort: e.target.value }, false)}
            >
              <option value="">{t('productsPage.sortDefault')}</option>
              {SHOPPER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(SORT_LABELS[s])}
                </option>
              ))}
            </select>
          </div>
        </form>
      </HydrateLater>

      {Boolean(category) && facets.data && (
        <OptionFilters
          facets={facets.data}
          chosen={chosen}
          onChange={(name, value) => {
            const next = new Map(chosen);
            if (value === undefined) next.delete(name);
            else next.set(name, value);
            update({ option: [...next].map(([n, v]) => `${n}:${v}`) });
          }}
        />
      )}

      {products.isPending ? (
        <LoadingText />
      ) : products.isError ? (
        <ErrorText>{t('catalog.loadError', { message: m(products.error.message) })}</ErrorText>
      ) : products.data.products.length === 0 ? (
        <EmptyText>{t('productsPage.empty')}</EmptyText>
      ) : (
        <>
          {products.data.corrected_query && (
            <p className="mb-2 text-slate-800">
              {t('productsPage.showingFor')}{' '}
              <strong className="font-semibold">{products.data.corrected_query}</strong>
            </p>
          )}
          <p className="mb-4 text-sm text-slate-600" aria-live="polite">
            {t('productsPage.total', {
              shown: `${groupThousands(products.data.total)}${products.data.totalCapped ? '+' : ''}`,
              count: products.data.total,
            })}
            {products.isFetching && (
              <span className="ml-2 text-slate-400">{t('catalog.loading')}</span>
            )}
          </p>
          <ProductGrid products={products.data.products} priority headingLevel={2} />
          <HydrateLater>
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(p) => {
                update({ page: p > 1 ? String(p) : '' }, false);
                window.scrollTo({ top: 0 });
              }}
            />
          </HydrateLater>
        </>
      )}
    </div>
  );
}

// The layout shared by Top Picks and Weekly Offers (SPEC §2.4): a heading, a box that searches as
// one types, 8 cards a page and numbered page buttons.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { catalogQueries } from '../api/catalog-api.ts';
import { useCatalogText } from '../text.ts';
import { ProductGrid } from './product-card.tsx';

export const LISTING_PAGE_SIZE = 8;

export function SearchableListing({
  heading,
  title,
  listing,
}: {
  heading: string;
  title: string;
  listing: 'topPicks' | 'weeklyOffers';
}) {
  useDocumentTitle(title);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(text.trim(), 250);
  const result = useQuery(catalogQueries[listing](q, page, LISTING_PAGE_SIZE));
  const searchId = useId();
  const t = useCatalogText();
  const m = useMessageText();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{heading}</h1>
      <div className="mb-6 max-w-md">
        <label htmlFor={searchId} className="sr-only">
          {t('listing.searchLabel', { title })}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('listing.searchPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
        />
      </div>
      {result.isPending ? (
        <LoadingText />
      ) : result.isError ? (
        <ErrorText>{t('catalog.loadError', { message: m(result.error.message) })}</ErrorText>
      ) : result.data.products.length === 0 ? (
        <EmptyText>{t('listing.empty')}</EmptyText>
      ) : (
        <>
          <ProductGrid products={result.data.products} priority headingLevel={2} />
          <Pagination
            page={page}
            pageCount={Math.ceil(result.data.total / LISTING_PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={Number.MAX_SAFE_INTEGER}
          />
        </>
      )}
    </div>
  );
}

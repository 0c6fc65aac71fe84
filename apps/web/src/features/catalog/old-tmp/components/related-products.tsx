import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { catalogQueries } from '../../api/catalog-api.ts';
import { ProductGrid } from './product-card.tsx';

const PAGE_SIZE = 4; // SPEC §9

/** 'You May Also Like This': the same category, without the product being looked at. */
export function RelatedProducts({ category, productId }: { category: string; productId: number }) {
  const [page, setPage] = useState(1);
  const related = useQuery(catalogQueries.related(category, productId, page, PAGE_SIZE));
  if (related.isError || (related.data && related.data.total === 0)) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="mb-4 text-xl font-semibold">
        You May Also Like This
      </h2>
      {related.isPending ? (
        <p className="text-slate-500">Loading...</p>
      ) : (
        <>
          <ProductGrid products={related.data.products} />
          <Pagination
            label="More products like this"
            page={page}
            pageCount={Math.ceil(related.data.total / PAGE_SIZE)}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}

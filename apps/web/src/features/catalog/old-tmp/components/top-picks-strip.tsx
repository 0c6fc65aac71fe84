import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/ui/button.tsx';
import { catalogQueries } from '../../api/catalog-api.ts';
import { ProductGrid } from './product-card.tsx';

export function TopPicksStrip({ heading = 'Top Picks' }: { heading?: string }) {
  const picks = useQuery(catalogQueries.topPicks('', 1, 4));
  if (!picks.data || picks.data.products.length === 0) return null;
  return (
    <section aria-labelledby="top-picks-strip" className="mt-12">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="top-picks-strip" className="text-xl font-semibold">
          {heading}
        </h2>
        <ButtonLink to="/toppicks" variant="secondary">
          View Top Picks
        </ButtonLink>
      </div>
      <ProductGrid products={picks.data.products} />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { catalogQueries } from '../api/catalog-api.ts';
import { useCatalogText } from '../text.ts';
import { ProductGrid } from './product-card.tsx';

export function TopPicksStrip({ heading }: { heading?: string }) {
  const t = useCatalogText();
  const picks = useQuery(catalogQueries.topPicks('', 1, 4));
  if (!picks.data || picks.data.products.length === 0) return null;
  return (
    <section aria-labelledby="top-picks-strip" className="mt-12">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="top-picks-strip" className="text-xl font-semibold">
          {heading ?? t('homePage.topPicks')}
        </h2>
        <ButtonLink to="/toppicks" variant="secondary">
          {t('homePage.viewTopPicks')}
        </ButtonLink>
      </div>
      <ProductGrid products={picks.data.products} />
    </section>
  );
}

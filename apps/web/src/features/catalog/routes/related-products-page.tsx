// Products related to what this shopper has looked at: the same categories, newest interest first.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@duka/domain';
import { EmptyText, LoadingText } from '../../../components/ui/status.tsx';
import { recentlyViewed } from '../../../lib/recently-viewed.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { catalogQueries } from '../api/catalog-api.ts';
import { ProductGrid } from '../components/product-card.tsx';
import { useCatalogText } from '../text.ts';

export default function RelatedProductsPage() {
  const t = useCatalogText();
  useDocumentTitle(t('pickedForYou.title'));
  const viewed = recentlyViewed();
  const seen = new Set(viewed.map((v) => v.id));
  const categories = [...new Set(viewed.map((v) => v.category))].slice(0, 3);
  const related = useQueries({
    queries: categories.map((category) => catalogQueries.related(category, viewed[0]!.id, 1, 8)),
  });
  const fallback = useQuery({
    ...catalogQueries.topPicks('', 1, 8),
    enabled: categories.length === 0,
  });

  const products: ProductSummary[] = [];
  for (const result of related) {
    for (const p of result.data?.products ?? []) {
      if (!seen.has(p.id) && !products.some((q) => q.id === p.id)) products.push(p);
    }
  }
  const loading =
    related.some((r) => r.isPending) || (categories.length === 0 && fallback.isPending);

  return (
    <div>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{t('pickedForYou.title')}</h1>
      <p className="mb-6 text-slate-600">
        {categories.length ? t('pickedForYou.fromCategories') : t('pickedForYou.meanwhile')}
      </p>
      {loading ? (
        <LoadingText />
      ) : (categories.length ? products : (fallback.data?.products ?? [])).length === 0 ? (
        <EmptyText>{t('pickedForYou.empty')}</EmptyText>
      ) : (
        <ProductGrid
          headingLevel={2}
          products={(categories.length ? products : fallback.data!.products).slice(0, 12)}
        />
      )}
    </div>
  );
}

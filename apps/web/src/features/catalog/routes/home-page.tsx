// / (SPEC §1 and §9): slider, category tiles, Weekly Offers and Top Picks.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@duka/domain';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { HydrateLater } from '../../../lib/hydration.tsx';
import { catalogQueries } from '../api/catalog-api.ts';
import { HeroSlider } from '../components/hero-slider.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { useCatalogText } from '../text.ts';

function Block({
  id,
  heading,
  products,
  link,
}: {
  id: string;
  heading: string;
  products: ProductSummary[];
  link: { to: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="mt-8 sm:mt-12">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3 sm:mb-4">
        <h2 id={id} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {heading}
        </h2>
        <ButtonLink to={link.to} variant="secondary">
          {link.label}
        </ButtonLink>
      </div>
      <ProductGrid products={products} />
    </section>
  );
}

export default function HomePage() {
  useDocumentTitle('');
  const home = useQuery(catalogQueries.home());
  const t = useCatalogText();
  const m = useMessageText();

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:py-6">
      <h1 className="sr-only">{t('homePage.heading')}</h1>
      <HydrateLater>
        <HeroSlider />
      </HydrateLater>

      {home.isPending ? (
        <LoadingText />
      ) : home.isError ? (
        <ErrorText>{t('catalog.loadError', { message: m(home.error.message) })}</ErrorText>
      ) : (
        <>
          <section aria-labelledby="categories-heading" className="mt-6 sm:mt-10">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3 sm:mb-4">
              <h2 id="categories-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
                {t('homePage.byCategory')}
              </h2>
              {/* On a phone it ends the row of tiles instead (below), as both do not fit here. */}
              <div className="hidden sm:block">
                <ButtonLink to="/products" variant="secondary">
                  {t('homePage.allCategories')}
                </ButtonLink>
              </div>
            </div>
            {/* One row that scrolls sideways on a phone, so the products follow on the first screen. */}
            <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-5">
              {home.data.categories.slice(0, 5).map((category) => (
                <li key={category.slug} className="shrink-0">
                  <Link
                    to={`/products?category=${category.slug}`}
                    className="flex h-full min-h-11 flex-col items-center justify-center rounded-xl border border-slate-200 bg-brand-50 px-4 py-1.5 text-center whitespace-nowrap transition hover:border-brand-600 hover:shadow sm:gap-1 sm:px-3 sm:py-5 sm:whitespace-normal"
                  >
                    <span className="font-semibold text-slate-900">{category.name}</span>
                    <span className="text-xs text-slate-600">
                      {t('homePage.categoryCount', { count: category.count })}
                    </span>
                  </Link>
                </li>
              ))}
              <li className="shrink-0 sm:hidden">
                <ButtonLink to="/products" variant="secondary" className="h-full min-h-11">
                  {t('homePage.allCategories')}
                </ButtonLink>
              </li>
            </ul>
          </section>
          <Block
            id="weekly-offers-heading"
            heading={t('homePage.weeklyOffers')}
            products={home.data.weeklyOffers}
            link={{ to: '/weeklyoffers', label: t('homePage.allOffers') }}
          />
          <Block
            id="top-picks-heading"
            heading={t('homePage.topPicks')}
            products={home.data.topPicks}
            link={{ to: '/toppicks', label: t('homePage.viewTopPicks') }}
          />
        </>
      )}
    </div>
  );
}

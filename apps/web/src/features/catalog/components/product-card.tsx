import { Link } from 'react-router';
import type { ProductSummary } from '@duka/domain';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { formatKsh } from '@duka/domain/pricing/money';
import { HalfStars } from '../../../components/ui/half-stars.tsx';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { productTitle } from '../../../lib/i18n/product-text.ts';
import { HydrateLater } from '../../../lib/hydration.tsx';
import { useCatalogText } from '../text.ts';
import {
  flashSaleOf,
  saleEndsParts,
  salePercentOff,
  shelfPriceCents,
  type Priced,
} from './flash-sale.ts';

/** '−10%' (with a true minus sign), in whole percents (issue 21); empty when it rounds to none. */
export function discountBadgeText(discountPercentage: number): string {
  const shown = Math.round(discountPercentage);
  return shown > 0 ? `\u2212${shown}%` : '';
}

function DiscountBadge({ discountPercentage }: { discountPercentage: number }) {
  const t = useCatalogText();
  const text = discountBadgeText(discountPercentage);
  if (!text) return null;
  return (
    <span className="absolute top-2 left-2 rounded-md bg-red-700 px-2 py-0.5 text-xs font-bold text-white shadow-sm">
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">
        {t('productCard.off', { percent: Math.round(discountPercentage) })}
      </span>
    </span>
  );
}

function CardRating({ rating, reviewCount }: Pick<ProductSummary, 'rating' | 'reviewCount'>) {
  const t = useCatalogText();
  if (reviewCount === 0) return <p className="text-xs text-slate-600">{t('catalog.noReviews')}</p>;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
      <HalfStars rating={rating} size={16} reviewCount={reviewCount} />
      <span aria-hidden="true" className="whitespace-nowrap">
        {`${Math.round(rating * 10) / 10} (${reviewCount})`}
      </span>
    </p>
  );
}

/**
 * The price a shopper pays now. In a flash sale: the sale price, what it was struck through (read
 * as 'Was Ksh 2,000') and when the sale ends; otherwise the discounted price and the original.
 */
export function ProductPrice(priced: Priced) {
  const t = useCatalogText();
  const flash = flashSaleOf(priced);
  if (flash) return <FlashSalePrice {...flash} />;
  const { price } = priced;
  const sale = shelfPriceCents(priced);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-lg font-semibold text-brand-800">{formatKsh(sale)}</span>
      {sale !== price && (
        <span className="text-sm text-slate-500 line-through">
          <span className="sr-only">{`${t('productPrice.was')} `}</span>
          {formatKsh(price)}
        </span>
      )}
    </p>
  );
}

function FlashSalePrice({
  priceCents,
  wasCents,
  endsAt,
}: {
  priceCents: number;
  wasCents: number;
  endsAt?: string | undefined;
}) {
  const t = useCatalogText();
  const ends = endsAt === undefined ? null : saleEndsParts(endsAt);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-lg font-semibold text-red-700">{formatKsh(priceCents)}</span>
        <s className="text-sm text-slate-600">
          <span className="sr-only">{`${t('productPrice.wasFlash')} `}</span>
          {formatKsh(wasCents)}
        </s>
      </p>
      {ends && (
        <p className="text-xs font-medium text-red-700">
          <time dateTime={endsAt}>{t('productPrice.saleEnds', ends)}</time>
        </p>
      )}
    </div>
  );
}

/**
 * A card's slot in the grid below (max-w-7xl, px-4): 2 columns (gap 12 px), 3 from md, 4 from lg
 * (gap 20 px), 297 px at most.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 297px, (min-width: 1024px) calc(25vw - 23px), ' +
  '(min-width: 768px) calc(33.3vw - 24px), calc(50vw - 22px)';

/** Cards in the first row at any width (4 on large screens) are fetched at once: the LCP. */
export const PRIORITY_CARDS = 4;

/** A card's title is a heading one below the section it sits in: h2 under a page's h1. */
export type CardHeadingLevel = 2 | 3;

export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: ProductSummary;
  priority?: boolean;
  headingLevel?: CardHeadingLevel;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const flash = flashSaleOf(product);
  const t = useCatalogText();
  const title = productTitle(product, useLocale());
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link
        to={`/products/${product.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-square bg-slate-100"
      >
        <ProductImage
          src={product.thumbnail}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          className="h-full w-full object-cover transition group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Heading className="line-clamp-2 text-sm font-medium text-slate-800 sm:text-base">
          {title}
        </Heading>
        {/* Drawn over the picture's corner, read after the title: off the price struck through. */}
        <DiscountBadge
          discountPercentage={flash ? salePercentOff(flash) : product.discountPercentage}
        />
        <CardRating rating={product.rating} reviewCount={product.reviewCount} />
        <ProductPrice {...product} />
        <Link
          to={`/products/${product.id}`}
          className="mt-auto inline-flex items-center justify-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t('productCard.view')}
          <span className="sr-only">{`: ${title}`}</span>
        </Link>
      </div>
    </article>
  );
}

/**
 * A grid of cards; with `priority`, the first row's images are fetched at once (the page's LCP).
 * Right under a page's h1, the cards' titles are h2 (`headingLevel`), so no heading level is skipped.
 */
export function ProductGrid({
  products,
  priority = false,
  headingLevel = 3,
}: {
  products: ProductSummary[];
  priority?: boolean;
  headingLevel?: CardHeadingLevel;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <HydrateLater>
            <div className="h-full w-full">
              <ProductCard
                product={p}
                priority={priority && i < PRIORITY_CARDS}
                headingLevel={headingLevel}
              />
            </div>
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
}

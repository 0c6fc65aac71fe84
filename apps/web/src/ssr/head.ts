// The <head> of a server-rendered page: title, description, canonical address, Open Graph and
// Twitter tags, and JSON-LD (Product with its offer in KES and rating, BreadcrumbList, and the
// Organization on the home page). Built from the data the page itself rendered with.
import { LOCALES, pathInLocale, type Locale } from '@duka/domain/i18n/locale';
import { productDescription, productTitle } from '../lib/i18n/product-text.ts';
import { shopTextIn, type ShopTextKey } from '../lib/i18n/text.ts';
import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { displayPriceCents, percentToBasisPoints } from '@duka/domain/pricing/money';
import { catalogQueries } from '../features/catalog/api/catalog-api.ts';
import { methodList, paymentMethodsQuery } from '../lib/payment-methods.ts';
import { shopSettingsQuery } from '../lib/shop-settings.ts';

/** The shop's name until its settings are in the page's data. */
export const SHOP_NAME = 'Duka';

/** The shop's name from its settings, as the page rendered with them (decision record 026). */
const shopNameOf = (queryClient: QueryClient) =>
  queryClient.getQueryData(shopSettingsQuery().queryKey)?.shop_name ?? SHOP_NAME;

/** A page's description when it has none of its own: the ways to pay are those checkout offers. */
function shopDescription(queryClient: QueryClient, name: string, locale: Locale): string {
  const methods = queryClient.getQueryData(paymentMethodsQuery().queryKey)?.methods ?? [];
  const t = shopTextIn(locale);
  const ways = methodList(methods, t('meta.or'));
  const about = t('meta.shop', { shop: name });
  return ways ? `${about} ${t('meta.payWith', { ways })}` : about;
}

export interface HeadInput {
  origin: string;
  url: URL;
  /** The page's language (issue 37): its words, and the product's Kiswahili title if written. */
  locale: Locale;
  status: number;
  title: string;
  /** What the matched route says of itself (router.tsx): its description, its structured data. */
  page: {
    description?: string | undefined;
    structuredData?: 'product' | 'organization' | undefined;
  };
  params: Record<string, string | undefined>;
  queryClient: QueryClient;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON for a <script type="application/ld+json"> block: nothing in it can close the element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')}</script>`;

/** 'Delivery and Returns | Duka' → 'Delivery and Returns'. */
const withoutSuffix = (text: string, suffix: string) =>
  text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;

const clip = (text: string, max = 160) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, origin).href;

function canonicalOf(input: HeadInput): string {
  const canonical = new URL(input.url.pathname, input.origin);
  // A listing filtered by category or brand is a page of its own; paging and sorting are not.
  if (input.url.pathname === '/products') {
    for (const key of ['category', 'brand']) {
      const value = input.url.searchParams.get(key);
      if (value) canonical.searchParams.set(key, value);
    }
  }
  return canonical.href;
}

function productOf(input: HeadInput): Product | undefined {
  if (input.page.structuredData !== 'product') return undefined;
  const id = Number(input.params.id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return input.queryClient.getQueryData(catalogQueries.product(id).queryKey);
}

const rating = (p: Product) =>
  p.reviewCount > 0
    ? {
        '@type': 'AggregateRating',
        ratingValue: p.rating,
        reviewCount: p.reviewCount,
        bestRating: 5,
        worstRating: 1,
      }
    : undefined;

interface Priced {
  price: number;
  discountPercentage: number;
  stock: number;
  /** A live flash sale's price and end (issue 36): what the shop sells it for until then. */
  sale_price?: number | undefined;
  sale_ends_at?: string | undefined;
}

/** What the shop sells it for now: a live flash sale's price, else the shelf price. */
const sellingCents = (p: Priced) =>
  p.sale_price ?? displayPriceCents(p.price, percentToBasisPoints(p.discountPercentage));

/** A sale's last day in Nairobi (yyyy-mm-dd), as schema.org's priceValidUntil wants it. */
const nairobiDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date(iso));

function offer(url: string, sale: Priced, seller: string) {
  return {
    '@type': 'Offer',
    url,
    price: (sellingCents(sale) / 100).toFixed(2),
    priceCurrency: 'KES',
    ...(sale.sale_price !== undefined && sale.sale_ends_at
      ? { priceValidUntil: nairobiDay(sale.sale_ends_at) }
      : {}),
    availability: `https://schema.org/${sale.stock > 0 ? 'InStock' : 'OutOfStock'}`,
    seller: { '@type': 'Organization', name: seller },
  };
}

/** schema.org's own property for an option where there is one (size, color), else its name. */
const VARIES_BY: Record<string, string> = {
  size: 'https://schema.org/size',
  colour: 'https://schema.org/color',
  color: 'https://schema.org/color',
  material: 'https://schema.org/material',
  pattern: 'https://schema.org/pattern',
};

function productJsonLd(origin: string, url: string, p: Product, seller: string) {
  const common = {
    '@context': 'https://schema.org',
    name: p.title,
    description: p.description,
    brand: p.brand ? { '@type': 'Brand', name: p.brand } : undefined,
    category: p.categoryName,
    aggregateRating: rating(p),
  };
  if (p.options.length === 0) {
    return {
      ...common,
      '@type': 'Product',
      sku: p.sku,
      image: p.images.map((image) => absolute(origin, image)),
      offers: offer(url, p, seller),
    };
  }
  // Sold in sizes (issue 21): a ProductGroup, one Product and Offer per variant, each at its link.
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: p.sku,
    url,
    image: p.images.map((image) => absolute(origin, image)),
    variesBy: p.options.map((o) => VARIES_BY[o.name.toLowerCase()] ?? o.name),
    hasVariant: p.variants.map((v) => {
      const properties: Record<string, string> = {};
      for (const [name, value] of Object.entries(v.options)) {
        const property = VARIES_BY[name.toLowerCase()]?.replace('https://schema.org/', '');
        if (property) properties[property] = value;
      }
      return {
        '@type': 'Product',
        name: `${p.title} (${v.title})`,
        sku: v.sku,
        image: absolute(origin, v.image ?? p.images[0] ?? p.thumbnail),
        ...properties,
        offers: offer(`${url}?variant=${v.id}`, v, seller),
      };
    }),
  };
}

function breadcrumbs(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absolute(origin, item.path),
    })),
  };
}

function organization(origin: string, name: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    url: absolute(origin, '/'),
    logo: absolute(origin, '/icons/icon-512.png'),
    areaServed: 'KE',
  };
}

/** The page in each language (issue 37): English is also the default for any other language. */
function alternates(canonical: string): string[] {
  const url = new URL(canonical);
  const at = (locale: Locale) => {
    const other = new URL(url);
    other.pathname = pathInLocale(url.pathname, locale);
    return escapeHtml(other.href);
  };
  return [
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${at(l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${at('en')}" />`,
  ];
}

/** The tags that go into <head>, as HTML. */
export function buildHead(input: HeadInput): string {
  const { origin } = input;
  const canonical = canonicalOf(input);
  const localProduct = productOf(input);
  const { locale } = input;
  const product = localProduct && {
    ...localProduct,
    title: productTitle(localProduct, locale),
    description: productDescription(localProduct, locale),
  };
  const notFound = input.status === 404;
  const name = shopNameOf(input.queryClient);
  const description = product
    ? clip(product.description)
    : input.page.description
      ? shopTextIn(locale)(input.page.description as ShopTextKey)
      : shopDescription(input.queryClient, name, locale);
  const image = product?.images[0] ?? product?.thumbnail;

  const tags = [
    `<title>${escapeHtml(input.title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  ];
  if (notFound) {
    tags.push('<meta name="robots" content="noindex" />');
    return tags.join('\n    ');
  }
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(name)}" />`,
    `<meta property="og:type" content="${product ? 'product' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(product?.title ?? input.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${locale === 'sw' ? 'sw_KE' : 'en_KE'}" />`,
    ...alternates(canonical),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(product?.title ?? input.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  );
  if (image) {
    const imageUrl = escapeHtml(absolute(origin, image));
    tags.push(
      `<meta property="og:image" content="${imageUrl}" />`,
      `<meta property="og:image:alt" content="${escapeHtml(product?.title ?? name)}" />`,
      `<meta name="twitter:image" content="${imageUrl}" />`,
    );
  }
  if (product) {
    tags.push(
      `<meta property="product:price:amount" content="${(sellingCents(product) / 100).toFixed(2)}" />`,
      `<meta property="product:price:currency" content="KES" />`,
      jsonLd(productJsonLd(origin, canonical, product, name)),
      jsonLd(
        breadcrumbs(origin, [
          { name: 'Home', path: '/' },
          {
            name: product.categoryName,
            path: `/products?category=${encodeURIComponent(product.category)}`,
          },
          { name: product.title, path: `/products/${product.id}` },
        ]),
      ),
    );
  } else if (input.page.structuredData === 'organization') {
    tags.push(jsonLd(organization(origin, name)));
  } else {
    tags.push(
      jsonLd(
        breadcrumbs(origin, [
          { name: 'Home', path: '/' },
          { name: withoutSuffix(input.title, ` | ${name}`), path: input.url.pathname },
        ]),
      ),
    );
  }
  return tags.join('\n    ');
}

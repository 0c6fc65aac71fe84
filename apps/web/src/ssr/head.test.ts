import { describe, expect, it } from 'vitest';
import type { Locale } from '@duka/domain/i18n/locale';
import { QueryClient } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { ApiError } from '../lib/api-client.ts';
import { catalogQueries } from '../features/catalog/api/catalog-api.ts';
import { DEFAULT_SHOP_SETTINGS } from '@duka/domain/settings/schemas';
import { paymentMethodsQuery } from '../lib/payment-methods.ts';
import { shopSettingsQuery } from '../lib/shop-settings.ts';
import { buildHead } from './head.ts';
import { restoreState, serialiseState } from './dehydrated-state.ts';

const product = {
  id: 7,
  title: 'Tea & "Chai" </script><script>alert(1)</script>',
  category: 'groceries',
  categoryName: 'Groceries',
  brand: 'Kericho Gold',
  price: 45_000,
  discountPercentage: 10,
  rating: 4.5,
  reviewCount: 2,
  stock: 0,
  thumbnail: '/images/products/t.webp',
  images: ['/images/products/t.webp'],
  description: 'Black tea from the highlands.',
  sku: 'TEA-1',
  options: [],
  variants: [],
} as unknown as Product;

const dress = {
  ...product,
  id: 8,
  title: 'Kitenge Wrap Dress',
  stock: 3,
  sku: 'DRS-8',
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Black'] },
  ],
  variants: [
    {
      id: 81,
      sku: 'DRS-8-S-BLACK',
      title: 'S / Black',
      options: { Size: 'S', Colour: 'Black' },
      price: 300_000,
      discountPercentage: 0,
      stock: 0,
    },
    {
      id: 82,
      sku: 'DRS-8-M-BLACK',
      title: 'M / Black',
      options: { Size: 'M', Colour: 'Black' },
      price: 320_000,
      discountPercentage: 10,
      stock: 3,
      image: '/images/products/m.webp',
    },
  ],
} as unknown as Product;

function headFor(path: string, status = 200, locale: Locale = 'en') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(catalogQueries.product(7).queryKey, product);
  queryClient.setQueryData(catalogQueries.product(8).queryKey, dress);
  return buildHead({
    origin: 'https://duka.example',
    locale,
    url: new URL(path, 'https://duka.example'),
    status,
    title: 'A | Duka',
    page: /^(\/sw)?\/products\//.test(path)
      ? { structuredData: 'product' as const }
      : path === '/'
        ? { structuredData: 'organization' as const }
        : { description: 'meta.about' },
    params: { id: path.split('/').at(-1) },
    queryClient,
  });
}

describe('the server-rendered head', () => {
  it('escapes a product’s text in tags and in JSON-LD, so nothing in it can close an element', () => {
    const head = headFor('/products/7');
    expect(head).not.toContain('</script><script>');
    expect(head).toContain('content="Tea &amp; &quot;Chai&quot; &lt;/script&gt;');
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    const item = JSON.parse(blocks[0]![1]!);
    expect(item.name).toBe(product.title);
    // 450 less 10 %, out of stock: what the shop would actually sell it for, and that it cannot.
    expect(item.offers).toMatchObject({
      price: '405.00',
      priceCurrency: 'KES',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('gives a live flash sale’s price, and its last day in Nairobi, to search engines', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(catalogQueries.product(7).queryKey, {
      ...product,
      stock: 4,
      sale_price: 30_000,
      sale_ends_at: '2026-11-30T20:59:00.000Z',
    });
    const head = buildHead({
      origin: 'https://duka.example',
      locale: 'en',
      url: new URL('/products/7', 'https://duka.example'),
      status: 200,
      title: 'A | Duka',
      page: { structuredData: 'product' as const },
      params: { id: '7' },
      queryClient,
    });
    const block = head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)!;
    expect(JSON.parse(block[1]!).offers).toMatchObject({
      price: '300.00',
      priceValidUntil: '2026-11-30',
    });
    expect(head).toContain('<meta property="product:price:amount" content="300.00" />');
  });

  it('describes a product sold in sizes as a ProductGroup with one Offer per variant', () => {
    const head = headFor('/products/8');
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    const group = JSON.parse(blocks[0]![1]!);
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'DRS-8',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    });
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'Kitenge Wrap Dress (S / Black)',
        sku: 'DRS-8-S-BLACK',
        size: 'S',
        color: 'Black',
        image: 'https://duka.example/images/products/t.webp',
        offers: expect.objectContaining({
          url: 'https://duka.example/products/8?variant=81',
          price: '3000.00',
          availability: 'https://schema.org/OutOfStock',
        }),
      }),
      expect.objectContaining({
        sku: 'DRS-8-M-BLACK',
        image: 'https://duka.example/images/products/m.webp',
        offers: expect.objectContaining({
          price: '2880.00',
          availability: 'https://schema.org/InStock',
        }),
      }),
    ]);
  });

  it('keeps only category and brand in a listing’s canonical address', () => {
    const head = headFor('/products?category=groceries&page=3&sort=price-asc&brand=Ketepa');
    expect(head).toContain(
      '<link rel="canonical" href="https://duka.example/products?category=groceries&amp;brand=Ketepa" />',
    );
  });

  it('tells search engines not to index a not-found page, and gives it no Open Graph', () => {
    const head = headFor('/products/999', 404);
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('og:title');
  });
});

describe('the head of a page in Kiswahili (issue 37)', () => {
  it('names the page in both languages, and says its own', () => {
    const head = headFor('/sw/about', 200, 'sw');
    expect(head).toContain('<link rel="canonical" href="https://duka.example/sw/about" />');
    expect(head).toContain(
      '<link rel="alternate" hreflang="en" href="https://duka.example/about" />',
    );
    expect(head).toContain(
      '<link rel="alternate" hreflang="sw" href="https://duka.example/sw/about" />',
    );
    expect(head).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://duka.example/about" />',
    );
    expect(head).toContain('<meta property="og:locale" content="sw_KE" />');
    expect(head).toContain('Sisi ni nani: Duka');
    expect(head).not.toContain('Who we are');
  });

  it('gives the English page the same alternates, in English', () => {
    const head = headFor('/about');
    expect(head).toContain('Who we are: Duka');
    expect(head).toContain(
      '<link rel="alternate" hreflang="sw" href="https://duka.example/sw/about" />',
    );
    expect(head).toContain('<meta property="og:locale" content="en_KE" />');
  });

  it('uses the merchant’s Kiswahili title and description when written, else theirs', () => {
    const written = headFor('/sw/products/7', 200, 'sw');
    expect(written).not.toContain('Chai ya kienyeji');
    const queryClient = new QueryClient();
    queryClient.setQueryData(catalogQueries.product(7).queryKey, {
      ...product,
      title_sw: 'Chai ya kienyeji',
      description_sw: 'Chai nyeusi ya nyanda za juu.',
    });
    const head = buildHead({
      origin: 'https://duka.example',
      locale: 'sw',
      url: new URL('/sw/products/7', 'https://duka.example'),
      status: 200,
      title: 'Chai ya kienyeji | Duka',
      page: { structuredData: 'product' },
      params: { id: '7' },
      queryClient,
    });
    expect(head).toContain('<meta property="og:title" content="Chai ya kienyeji" />');
    expect(head).toContain('content="Chai nyeusi ya nyanda za juu."');
    expect(headFor('/products/7')).not.toContain('Chai ya kienyeji');
  });
});

describe("the shop's own name and ways to pay", () => {
  it('come from its settings and the methods checkout offers, not from the code', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(shopSettingsQuery().queryKey, {
      ...DEFAULT_SHOP_SETTINGS,
      shop_name: 'Duka & Co',
      current_year: 2026,
      phone_sign_in: false,
    });
    queryClient.setQueryData(paymentMethodsQuery().queryKey, {
      methods: [
        { method: 'mpesa', label: 'M-Pesa', kind: 'prompt', sandbox: false },
        {
          method: 'pay_on_delivery',
          label: 'Pay on delivery',
          kind: 'on_delivery',
          sandbox: false,
        },
      ],
    });
    const head = buildHead({
      origin: 'https://duka.example',
      locale: 'en',
      url: new URL('/', 'https://duka.example'),
      status: 200,
      title: 'Duka & Co | Shop online in Kenya',
      page: { structuredData: 'organization' },
      params: {},
      queryClient,
    });
    expect(head).toContain('<meta property="og:site_name" content="Duka &amp; Co" />');
    expect(head).toContain(
      'content="Duka &amp; Co: consumer goods delivered across Kenya, priced in Kenyan shillings. Pay with M-Pesa."',
    );
    expect(head).toContain('"@type":"Organization","name":"Duka \\u0026 Co"');
  });
});

describe('the query cache in the page', () => {
  it('survives the trip with its ApiErrors, and cannot close its <script> element', async () => {
    const server = new QueryClient();
    server.setQueryData(['products', 'detail', 1], { title: '</script><b>x</b>' });
    await server.prefetchQuery({
      queryKey: ['products', 'detail', 2],
      queryFn: () => Promise.reject(new ApiError(404, 'Product not found', 'NOT_FOUND')),
    });
    const json = serialiseState(server);
    expect(json).not.toContain('</script>');

    const browser = new QueryClient();
    restoreState(browser, json);
    expect(browser.getQueryData(['products', 'detail', 1])).toEqual({ title: '</script><b>x</b>' });
    const error = browser.getQueryState(['products', 'detail', 2])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Product not found' });
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { ApiError } from '../lib/api-client.ts';
import { catalogQueries } from '../features/catalog/api/catalog-api.ts';
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
} as unknown as Product;

function headFor(path: string, status = 200) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(catalogQueries.product(7).queryKey, product);
  return buildHead({
    origin: 'https://duka.example',
    url: new URL(path, 'https://duka.example'),
    status,
    title: 'A | Duka',
    page: path.startsWith('/products/')
      ? { structuredData: 'product' as const }
      : path === '/'
        ? { structuredData: 'organization' as const }
        : { description: 'A page of the shop.' },
    params: { id: path.split('/')[2] },
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

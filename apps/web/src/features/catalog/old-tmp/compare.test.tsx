import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { DEFAULT_SHOP_SETTINGS } from '@duka/domain/settings/schemas';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import Home from '../routes/home-page.tsx';
import Products from '../routes/products-page.tsx';
import Detail from '../routes/product-detail-page.tsx';
import Top from '../routes/top-picks-page.tsx';
import Weekly from '../routes/weekly-offers-page.tsx';
import Related from '../routes/related-products-page.tsx';
import { HeaderSearch } from '../components/header-search.tsx';
import OldHome from './routes/home-page.tsx';
import OldProducts from './routes/products-page.tsx';
import OldDetail from './routes/product-detail-page.tsx';
import OldTop from './routes/top-picks-page.tsx';
import OldWeekly from './routes/weekly-offers-page.tsx';
import OldRelated from './routes/related-products-page.tsx';
import { HeaderSearch as OldHeaderSearch } from './components/header-search.tsx';

const summary = (id: number, over = {}) => ({
  id, title: `Thing ${id}`, title_sw: null, category: 'shoes', brand: 'Bata', price: 250_000, discountPercentage: id % 3 === 0 ? 10 : 0,
  rating: id % 2 ? 4.4 : 0, reviewCount: id % 2 ? 3 : 0, stock: 5, thumbnail: '/images/x.webp', createdAt: '2026-11-01T00:00:00.000Z', ...over,
});
const variant = (id: number, size: string, colour: string, stock: number, over = {}) => ({
  id, sku: `S-${size}-${colour}`, title: `${size} / ${colour}`, options: { Size: size, Colour: colour }, price: 200_000, discountPercentage: 0, stock, ...over,
});
const product = {
  ...summary(5, { sale_price: 150_000, sale_ends_at: '2026-11-30T20:59:00.000Z' }), categoryName: 'Shoes', description: 'Good shoes.', description_sw: null, sku: 'S', images: ['/a.webp', '/b.webp'], tags: [],
  weight: 900, dimensions: { width: 10, height: 20, depth: 30 }, warrantyInformation: '1 year', shippingInformation: 'Ships in 2 days', availabilityStatus: 'Low Stock', returnPolicy: '',
  options: [{ name: 'Size', values: ['40', '41'] }, { name: 'Colour', values: ['Black', 'Red'] }],
  variants: [variant(51, '40', 'Black', 3, { sale_price: 150_000, sale_ends_at: '2026-11-30T20:59:00.000Z' }), variant(52, '41', 'Black', 0), variant(53, '40', 'Red', 2)],
};
const page = (n: number, extra = {}) => ({ products: Array.from({ length: n }, (_, i) => summary(i + 1)), total: n === 1 ? 1 : 1234, skip: 0, limit: 8, ...extra });
let productsAnswer: object = page(8, { corrected_query: 'shoes', totalCapped: true });

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const path = new URL(input, 'http://duka.test').pathname;
    const body =
      path === '/api/settings' ? { ...DEFAULT_SHOP_SETTINGS, return_window_days: 14, current_year: 2026 }
      : path === '/api/products/home' ? { categories: [{ slug: 'shoes', name: 'Shoes', count: 12 }, { slug: 'hats', name: 'Hats', count: 1 }], weeklyOffers: page(4).products, topPicks: page(3).products }
      : path === '/api/products' ? productsAnswer
      : path === '/api/products/categories' ? [{ slug: 'shoes', name: 'Shoes', count: 12 }]
      : path === '/api/products/brands' ? [{ name: 'Bata', count: 4 }]
      : path === '/api/products/options' ? [{ name: 'Size', values: [{ value: '40', count: 1 }, { value: '41', count: 3 }] }]
      : path === '/api/products/5' ? product
      : path === '/api/reviews/5' ? { reviews: [{ id: 1, reviewer_name: 'Wanjiku', rating: 4, comment: 'Nice', product_id: 5, verified_purchase: true, date: '2026-11-02T00:00:00.000Z' }], total: 1, skip: 0, limit: 10 }
      : path.startsWith('/api/products/category/') ? page(4)
      : path === '/api/products/top-picks' || path === '/api/products/weekly-offers' ? page(8)
      : path === '/api/delivery/counties' ? [{ code: '001', name: 'Mombasa', fee: 150, eta_min_days: 2, eta_max_days: 4, pay_on_delivery: false, pay_on_delivery_max: null }, { code: '047', name: 'Nairobi', fee: 300, eta_min_days: 2, eta_max_days: 6, pay_on_delivery: false, pay_on_delivery_max: null }]
      : null;
    return new Response(JSON.stringify(body ?? { error: 'Not found', code: 'NOT_FOUND' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

async function snapshot(Page: ComponentType, at: string, path = '*') {
  const { container, unmount } = render(
    <MemoryRouter initialEntries={[at]}><AppProviders><AuthProvider><Routes><Route path={path} element={<Page />} /></Routes></AuthProvider></AppProviders></MemoryRouter>,
  );
  await new Promise((r) => setTimeout(r, 600));
  const out = { text: container.textContent, html: container.innerHTML.replace(/ (id|for|aria-labelledby|aria-controls|name)="[^"]*"/g, ''), title: document.title };
  unmount();
  return out;
}

const detail = (Detail: ComponentType<{ actions: () => null }>) => () => <Detail actions={() => null} />;
const cases: [string, ComponentType, ComponentType, string, string?][] = [
  ['home', Home, OldHome, '/'],
  ['products', Products, OldProducts, '/products?category=shoes&q=shoe&sort=priceAsc&option=Size:40'],
  ['detail', detail(Detail), detail(OldDetail), '/products/5', '/products/:id'],
  ['detail variant', detail(Detail), detail(OldDetail), '/products/5?variant=51', '/products/:id'],
  ['detail 404', detail(Detail), detail(OldDetail), '/products/77', '/products/:id'],
  ['top', Top, OldTop, '/toppicks'],
  ['weekly', Weekly, OldWeekly, '/weeklyoffers'],
  ['related', Related, OldRelated, '/userprofile/relatedproducts'],
  ['search', HeaderSearch, OldHeaderSearch, '/'],
];

describe('English unchanged', () => {
  for (const [name, now, old, at, path] of cases) {
    it(name, async () => {
      const a = await snapshot(now, at, path);
      const b = await snapshot(old, at, path);
      console.log(name, a.title, a.text!.length, a.text!.slice(0, 200));
      expect(a.text).toBe(b.text);
      expect(a.html).toBe(b.html);
      expect(a.title).toBe(b.title);
    }, 60_000);
  }
  it('products: one, empty', async () => {
    for (const answer of [page(1), page(0)]) {
      productsAnswer = answer;
      const a = await snapshot(Products, '/products');
      const b = await snapshot(OldProducts, '/products');
      expect(a.html).toBe(b.html);
    }
  }, 60_000);
});

// The catalogue in the Kiswahili shop (issue 37): home, the product list, a product's page, Top
// Picks and the header's search speak Kiswahili from the catalogue, show the merchant's Kiswahili
// title and description where written, and leave none of the catalogue's English on the page.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import type { Product, ProductSummary } from '@duka/domain';
import type { Locale } from '@duka/domain/i18n/locale';
import { DEFAULT_SHOP_SETTINGS } from '@duka/domain/settings/schemas';
import { AppProviders } from '../../app/providers.tsx';
import { AuthProvider } from '../../app/auth-provider.tsx';
import { loadCatalogues } from '../../lib/i18n/catalogue.ts';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import { HeaderSearch } from './components/header-search.tsx';
import HomePage from './routes/home-page.tsx';
import ProductDetailPage from './routes/product-detail-page.tsx';
import ProductsPage from './routes/products-page.tsx';
import TopPicksPage from './routes/top-picks-page.tsx';
import en from './locales/en.json';
import sw from './locales/sw.json';

const ENDS = '2026-11-30T20:59:00.000Z'; // 23:59 in Nairobi

const card = (id: number, over: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  title: `Leather sandal ${id}`,
  title_sw: `Kandambili ya ngozi ${id}`,
  category: 'shoes',
  brand: 'Bata',
  price: 250_000,
  discountPercentage: 10,
  rating: id % 2 ? 4.4 : 0,
  reviewCount: id % 2 ? 3 : 0,
  stock: 5,
  thumbnail: '/images/sandal.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const variant = (id: number, size: string, stock: number) => ({
  id,
  sku: `SANDAL-${size}`,
  title: size,
  options: { Size: size },
  price: 200_000,
  discountPercentage: 0,
  stock,
});

/** A sandal in sizes 40 and 41 (41 sold out), on sale until 30 Nov, with a Kiswahili title. */
const sandal: Product = {
  ...card(5, { sale_price: 150_000, sale_ends_at: ENDS }),
  categoryName: 'Shoes',
  description: 'A sandal of soft leather.',
  description_sw: 'Kandambili ya ngozi laini.',
  sku: 'SANDAL',
  images: ['/images/a.webp', '/images/b.webp'],
  tags: [],
  weight: 900,
  dimensions: { width: 10, height: 20, depth: 30 },
  warrantyInformation: '',
  shippingInformation: '',
  availabilityStatus: 'Low Stock',
  returnPolicy: '',
  options: [{ name: 'Size', values: ['40', '41'] }],
  variants: [variant(51, '40', 3), variant(52, '41', 0)],
};

const page = (count: number, extra = {}) => ({
  products: Array.from({ length: count }, (_, i) => card(i + 1)),
  total: 1234,
  skip: 0,
  limit: 8,
  ...extra,
});

const answers: Record<string, unknown> = {
  '/api/settings': { ...DEFAULT_SHOP_SETTINGS, return_window_days: 14, current_year: 2026 },
  '/api/products/home': {
    categories: [{ slug: 'shoes', name: 'Shoes', count: 12 }],
    weeklyOffers: page(2).products,
    topPicks: page(3).products,
  },
  '/api/products': page(8, { corrected_query: 'sandal', totalCapped: true }),
  '/api/products/categories': [{ slug: 'shoes', name: 'Shoes', count: 12 }],
  '/api/products/brands': [{ name: 'Bata', count: 4 }],
  '/api/products/options': [{ name: 'Size', values: [{ value: '40', count: 1 }] }],
  '/api/products/5': sandal,
  '/api/reviews/5': {
    reviews: [
      {
        id: 1,
        reviewer_name: 'Wanjiku',
        rating: 4,
        comment: 'Nzuri sana',
        product_id: 5,
        verified_purchase: true,
        date: '2026-11-02T00:00:00.000Z',
      },
    ],
    total: 1,
    skip: 0,
    limit: 10,
  },
  '/api/products/category/shoes': page(4),
  '/api/products/top-picks': page(8),
  '/api/search/suggest': [
    { type: 'category', label: 'Shoes', url: '/products?category=shoes' },
    { type: 'product', label: 'Leather sandal 5', url: '/products/5' },
  ],
  '/api/delivery/counties': [
    {
      code: '001',
      name: 'Mombasa',
      fee: 150,
      eta_min_days: 2,
      eta_max_days: 4,
      pay_on_delivery: false,
      pay_on_delivery_max: null,
    },
  ],
};

function renderIn(locale: Locale, at: string, element: ReactNode, path = '*') {
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={[at]}>
        <AppProviders>
          <AuthProvider>
            <Routes>
              <Route path={path} element={element} />
            </Routes>
          </AuthProvider>
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

/** What a shopper reads or hears: the text, and the labels, placeholders and alt texts. */
function shown(): string {
  const labels = [...document.body.querySelectorAll('*')].flatMap((el) =>
    ['aria-label', 'placeholder', 'alt', 'aria-roledescription']
      .map((name) => el.getAttribute(name))
      .filter(Boolean),
  );
  return [document.body.textContent, ...labels, document.title].join('\n');
}

/** The catalogue's English sentences that have another Kiswahili (placeholders left out). */
const english = Object.entries(en)
  .filter(([key, text]) => text !== sw[key as keyof typeof sw] && text.length > 3)
  .map(([, text]) => text.split(/\{[^{}]*\}/)[0]!.trim())
  .filter((start) => start.length > 3);

function expectNoEnglish() {
  const text = shown();
  expect(english.filter((sentence) => text.includes(sentence))).toEqual([]);
}

beforeAll(() => loadCatalogues('sw'));
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://duka.test').pathname;
      const found = path in answers;
      return new Response(
        JSON.stringify(found ? answers[path] : { error: 'Not found', code: 'NOT_FOUND' }),
        { status: found ? 200 : 404, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the catalogue in Kiswahili', () => {
  it('home: the blocks, the cards and their prices in Kiswahili, titles as the merchant wrote them', async () => {
    renderIn('sw', '/', <HomePage />);
    expect(await screen.findByRole('heading', { name: 'Nunua kwa aina' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ofa za wiki' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bidhaa bora' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Tazama aina zote' }).length).toBeGreaterThan(0);
    expect(screen.getByText('bidhaa 12')).toBeTruthy();
    expect(screen.getAllByText('Kandambili ya ngozi 1').length).toBeGreaterThan(0);
    expect(screen.queryByText('Leather sandal 1')).toBeNull();
    expect(screen.getAllByText('Punguzo la 10%').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Bado hakuna maoni.').length).toBeGreaterThan(0);
    expect(
      screen.getAllByRole('link', { name: /^Tazama bidhaa ?: Kandambili ya ngozi 1$/ }),
    ).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Slaidi inayofuata' })).toBeTruthy();
    expect(screen.getAllByText('Nunua sasa').length).toBeGreaterThan(0);
    expectNoEnglish();
  });

  it('the product list: filters, sorts, the count and the correction in Kiswahili', async () => {
    renderIn('sw', '/products?category=shoes&q=sandl', <ProductsPage />);
    expect(await screen.findByText('Inaonyesha matokeo ya')).toBeTruthy();
    expect(screen.getByText('bidhaa 1,234+')).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Chuja bidhaa' })).toBeTruthy();
    expect(screen.getByLabelText('Aina')).toBeTruthy();
    expect(screen.getByLabelText('Chapa')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Bei: ya chini kwanza' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Tafuta bidhaa...')).toBeTruthy();
    // The merchant's option 'Size' is read as Kiswahili, its value as written.
    expect(await screen.findByRole('group', { name: 'Saizi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '40, bidhaa 1' })).toBeTruthy();
    expectNoEnglish();
  });

  it('a product page: its Kiswahili title and description, options, facts and reviews', async () => {
    renderIn('sw', '/products/5', <ProductDetailPage actions={() => null} />, '/products/:id');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kandambili ya ngozi 5' }),
    ).toBeTruthy();
    expect(screen.getByText('Kandambili ya ngozi laini.')).toBeTruthy();
    expect(screen.queryByText('A sandal of soft leather.')).toBeNull();
    expect(document.title).toBe('Kandambili ya ngozi 5 | Duka');
    const price = within(screen.getByTestId('product-price'));
    expect(price.getByText('Kuanzia')).toBeTruthy();
    expect(price.getByText('Ksh 1,500')).toBeTruthy();
    expect(price.getByText('Inaisha 30 Nov, 23:59')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Saizi' })).toBeTruthy();
    expect(screen.getByText('(imeisha)')).toBeTruthy();
    expect(screen.getByText('Zilizopo:')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Kandambili ya ngozi 5, picha ya 1 kati ya 2' }),
    ).toBeTruthy();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Usafirishaji: 'Ksh 150 popote Kenya, siku 2-4 za kazi',
      Upatikanaji: 'Zimebaki chache',
      'Sera ya kurejesha': 'Unaweza kurejesha ndani ya siku 14',
      Uzito: '900 g',
    });
    expect(await screen.findByText('Nzuri sana')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maoni ya wateja' })).toBeTruthy();
    expect(screen.getByText('✓ Ununuzi uliothibitishwa')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Unaweza pia kupenda hizi' })).toBeTruthy();
    expectNoEnglish();
  });

  it('a product that does not exist says so in Kiswahili', async () => {
    renderIn('sw', '/products/77', <ProductDetailPage actions={() => null} />, '/products/:id');
    expect(await screen.findByRole('heading', { name: 'Bidhaa haikupatikana' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tazama bidhaa' })).toBeTruthy();
  });

  it('Top Picks: heading, search box and cards in Kiswahili', async () => {
    renderIn('sw', '/toppicks', <TopPicksPage />);
    expect(await screen.findByText('Kandambili ya ngozi 8')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bidhaa bora' })).toBeTruthy();
    expect(screen.getByLabelText('Tafuta katika Bidhaa bora')).toBeTruthy();
    expect(screen.getByPlaceholderText('Tafuta kwa jina...')).toBeTruthy();
    expect(document.title).toBe('Bidhaa bora | Duka');
    expectNoEnglish();
  });

  it('the header search: its box, button, suggestions’ kinds, and the address it searches without JavaScript', async () => {
    renderIn('sw', '/', <HeaderSearch />);
    const box = screen.getByRole('combobox', { name: 'Tafuta bidhaa' });
    expect(box.getAttribute('placeholder')).toBe('Tafuta bidhaa, chapa na aina');
    expect(screen.getByRole('button', { name: 'Tafuta' })).toBeTruthy();
    expect(screen.getByRole('search').getAttribute('action')).toBe('/sw/products');
    fireEvent.change(box, { target: { value: 'sand' } });
    const list = await screen.findByRole('listbox', { name: 'Mapendekezo' });
    expect(await within(list).findByText('Aina')).toBeTruthy();
    expect(within(list).getByText('Bidhaa')).toBeTruthy();
    expectNoEnglish();
  });

  it('English stays as it was, at the plain addresses', async () => {
    renderIn('en', '/products/5', <ProductDetailPage actions={() => null} />, '/products/:id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leather sandal 5' })).toBeTruthy();
    expect(screen.getByText('A sandal of soft leather.')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Size' })).toBeTruthy();
    expect(screen.getByText('Stock:')).toBeTruthy();
    cleanup();
    renderIn('en', '/', <HeaderSearch />);
    expect(screen.getByRole('search').getAttribute('action')).toBe('/products');
  });
});

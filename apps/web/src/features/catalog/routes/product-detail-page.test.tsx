// The product page in a flash sale (issue 36): the sale price of the product, or of the size
// chosen, what it was and when the sale ends; a size not on sale shows its own price.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Product } from '@duka/domain';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import ProductDetailPage from './product-detail-page.tsx';

const ENDS = '2026-11-30T20:59:00.000Z'; // 23:59 in Nairobi

const variant = (id: number, size: string, over: Partial<Product['variants'][number]> = {}) => ({
  id,
  sku: `SHIRT-${size}`,
  title: size,
  options: { Size: size },
  price: 200_000,
  discountPercentage: 0,
  stock: 4,
  ...over,
});

/** A shirt in S and M at Ksh 2,000; M is on sale at Ksh 1,500, and so the card's price. */
const shirt: Product = {
  id: 5,
  title: 'Kitenge shirt',
  category: 'mens-shirts',
  categoryName: "Men's shirts",
  brand: 'Kitenge Co',
  price: 200_000,
  discountPercentage: 0,
  rating: 0,
  reviewCount: 0,
  stock: 8,
  thumbnail: '/uploads/shirt.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  sale_price: 150_000,
  sale_ends_at: ENDS,
  description: 'A shirt.',
  title_sw: null,
  description_sw: null,
  sku: 'SHIRT',
  images: ['/uploads/shirt.webp'],
  tags: [],
  weight: 0,
  dimensions: { width: 0, height: 0, depth: 0 },
  warrantyInformation: '',
  shippingInformation: '',
  availabilityStatus: 'In Stock',
  returnPolicy: '',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [variant(51, 'S'), variant(52, 'M', { sale_price: 150_000, sale_ends_at: ENDS })],
};

function renderPage(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://duka.test');
      const found = url.pathname === '/api/products/5';
      // The rest of the page (reviews, related, delivery) is not what this test looks at.
      return new Response(
        JSON.stringify(found ? shirt : { error: 'Not found', code: 'NOT_FOUND' }),
        {
          status: found ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AuthProvider>
          <Routes>
            <Route path="/products/:id" element={<ProductDetailPage actions={() => null} />} />
          </Routes>
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const price = async () => within(await screen.findByTestId('product-price'));

describe('the product page in a flash sale', () => {
  it('shows the sale price from which it sells, what it was and when the sale ends', async () => {
    renderPage('/products/5');
    const shown = await price();
    expect(shown.getByText('From')).toBeTruthy();
    expect(shown.getByText('Ksh 1,500')).toBeTruthy();
    expect(shown.getByText('Ksh 2,000').closest('s')!.textContent).toBe('Was Ksh 2,000');
    expect(shown.getByText('Ends 30 Nov, 23:59')).toBeTruthy();
  });

  it('shows the chosen size’s sale, or its own price when that size is not on sale', async () => {
    renderPage('/products/5?variant=52');
    let shown = await price();
    expect(shown.queryByText('From')).toBeNull();
    expect(shown.getByText('Ksh 1,500')).toBeTruthy();
    expect(shown.getByText('Ends 30 Nov, 23:59')).toBeTruthy();
    cleanup();

    renderPage('/products/5?variant=51');
    shown = await price();
    expect(shown.getByText('Ksh 2,000')).toBeTruthy();
    expect(shown.queryByText(/Ends/)).toBeNull();
    expect(shown.queryByText('Ksh 1,500')).toBeNull();
  });
});

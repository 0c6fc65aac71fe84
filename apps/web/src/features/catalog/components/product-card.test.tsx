import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductSummary } from '@duka/domain';
import { ProductCard, ProductGrid, discountBadgeText } from './product-card.tsx';
import { saleEndsText } from './flash-sale.ts';

afterEach(cleanup);

const product = (over: Partial<ProductSummary> = {}): ProductSummary => ({
  id: 7,
  title: 'Mvule chair',
  category: 'furniture',
  brand: 'Mti Mzuri',
  price: 250_000,
  discountPercentage: 10,
  rating: 4.46,
  reviewCount: 12,
  stock: 4,
  thumbnail: '/images/chair.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  title_sw: null,
  ...over,
});

const renderCard = (p: ProductSummary) =>
  render(
    <MemoryRouter>
      <ProductCard product={p} />
    </MemoryRouter>,
  );

describe('ProductCard', () => {
  it('shows the discount with a true minus sign, and says it in words', () => {
    renderCard(product());
    expect(screen.getByText('\u221210%')).toBeTruthy();
    expect(screen.getByText('10% off')).toBeTruthy();
  });

  it('shows stars read as the rating with its number of reviews', () => {
    renderCard(product());
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 12 reviews' })).toBeTruthy();
    expect(screen.getByText('4.5 (12)')).toBeTruthy();
    cleanup();
    renderCard(product({ rating: 5, reviewCount: 1 }));
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5, 1 review' })).toBeTruthy();
  });

  it('shows no badge without a discount, and no stars without reviews', () => {
    renderCard(product({ discountPercentage: 0, rating: 0, reviewCount: 0 }));
    expect(screen.queryByText(/\u2212/)).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No reviews yet.')).toBeTruthy();
  });
});

describe('ProductGrid', () => {
  it('titles cards one level below their section, h2 right under a page’s h1', () => {
    const products = [product(), product({ id: 8, title: 'Kiondo basket' })];
    render(
      <MemoryRouter>
        <ProductGrid products={products} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Mvule chair',
      'Kiondo basket',
    ]);
    cleanup();
    render(
      <MemoryRouter>
        <ProductGrid products={products} headingLevel={2} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });
});

describe('ProductCard in a flash sale', () => {
  // Ksh 2,500 less 10 % is Ksh 2,250; on sale at Ksh 1,800 until 30 Nov, 23:59 in Nairobi.
  const onSale = product({ sale_price: 180_000, sale_ends_at: '2026-11-30T20:59:00.000Z' });

  it('shows the sale price, what it was struck through and read as such, and its end', () => {
    renderCard(onSale);
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('Ksh 1,800');
    const was = article.querySelector('s')!;
    expect(was.textContent).toBe('Was Ksh 2,250');
    expect(screen.getByText('Was', { exact: false, selector: '.sr-only' })).toBeTruthy();
    // The shelf price before the product's own discount is not shown: one price was struck.
    expect(article.textContent).not.toContain('Ksh 2,500');
    const ends = screen.getByText('Ends 30 Nov, 23:59');
    expect(ends.tagName).toBe('TIME');
    expect(ends.getAttribute('datetime')).toBe('2026-11-30T20:59:00.000Z');
    // The corner says what the sale takes off what it was: 450 of 2,250 is 20 %.
    expect(screen.getByText('\u221220%')).toBeTruthy();
    expect(screen.getByText('20% off')).toBeTruthy();
  });

  it('says no end for a sale without one', () => {
    renderCard(product({ sale_price: 180_000 }));
    expect(screen.getByRole('article').textContent).toContain('Ksh 1,800');
    expect(screen.queryByText(/^Ends /)).toBeNull();
  });

  it('shows no sale that would not lower the price, and none without one', () => {
    renderCard(product({ sale_price: 225_000, sale_ends_at: '2026-11-30T20:59:00.000Z' }));
    expect(screen.queryByText(/^Ends /)).toBeNull();
    expect(screen.getByRole('article').querySelector('s')).toBeNull();
    expect(screen.getByRole('article').textContent).toContain('Ksh 2,250');
    cleanup();
    renderCard(product());
    expect(screen.queryByText(/^Ends /)).toBeNull();
    expect(screen.getByText('\u221210%')).toBeTruthy();
  });
});

describe('saleEndsText', () => {
  it('writes the end on Nairobi’s clock (UTC+3), whatever the browser’s zone', () => {
    expect(saleEndsText('2026-11-30T20:59:00Z')).toBe('Ends 30 Nov, 23:59');
    expect(saleEndsText('2026-11-30T21:05:00Z')).toBe('Ends 1 Dec, 00:05');
    expect(saleEndsText('2026-12-01T00:05:00+03:00')).toBe('Ends 1 Dec, 00:05');
    expect(saleEndsText('not a time')).toBeNull();
  });
});

describe('discountBadgeText', () => {
  it('shows whole percents and leaves out what rounds to nothing', () => {
    expect(discountBadgeText(12.5)).toBe('\u221213%');
    expect(discountBadgeText(12.49)).toBe('\u221212%');
    expect(discountBadgeText(7.04)).toBe('\u22127%');
    expect(discountBadgeText(0.4)).toBe('');
  });
});

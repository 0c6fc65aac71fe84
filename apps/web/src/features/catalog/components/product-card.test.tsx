import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductSummary } from '@duka/domain';
import { ProductCard, discountBadgeText } from './product-card.tsx';

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

describe('discountBadgeText', () => {
  it('shows whole percents and leaves out what rounds to nothing', () => {
    expect(discountBadgeText(12.5)).toBe('\u221213%');
    expect(discountBadgeText(12.49)).toBe('\u221212%');
    expect(discountBadgeText(7.04)).toBe('\u22127%');
    expect(discountBadgeText(0.4)).toBe('');
  });
});

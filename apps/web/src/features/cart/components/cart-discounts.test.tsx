// The cart's discounts come from the server's pricing of the cart (GET /api/checkout/summary).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CheckoutSummary } from '@duka/domain';
import { CartDiscounts } from './cart-discounts.tsx';

const summary: CheckoutSummary = {
  lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 2, lineTotalCents: 100_000 }],
  expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
  deliveryDays: { min: 3, max: 5 },
  pricesIncludeVat: false,
  itemCount: 2,
  itemsCents: 100_000,
  shippingCents: 5_000,
  beforeTaxCents: 90_000,
  vatCents: 14_400,
  totalCents: 104_400,
  discounts: [
    { name: 'Free delivery in Nyeri', code: null, amountCents: 5_000 },
    { name: 'Weekend deal', code: 'SAVE10', amountCents: 10_000 },
  ],
  discountTotalCents: 15_000,
  coupon: { code: 'SAVE10', message: null },
};

function renderWith(answer: CheckoutSummary) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== '/api/checkout/summary') throw new Error(`unexpected ${url}`);
      return new Response(JSON.stringify(answer), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartDiscounts />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the cart's discounts", () => {
  it('lists each by name, with its code and what it takes off, as the server priced the cart', async () => {
    renderWith(summary);
    const region = await screen.findByRole('region', { name: 'Discounts' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Free delivery in Nyeri−Ksh 50', 'Weekend deal (SAVE10)−Ksh 100']);
    expect(region.textContent).toContain('Taken off your order total at checkout');
  });

  it("says when the cart's code gives nothing now", async () => {
    renderWith({
      ...summary,
      discounts: [],
      discountTotalCents: 0,
      coupon: { code: 'OLD5', message: 'This code has expired.' },
    });
    const region = await screen.findByRole('region', { name: 'Discounts' });
    expect(region.textContent).toContain('Your code OLD5: This code has expired.');
    expect(within(region).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows nothing when there is no discount', async () => {
    renderWith({ ...summary, discounts: [], discountTotalCents: 0, coupon: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

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
    { name: 'Free delivery in Nyeri', code: null, amountCents: 5_000, on: 'delivery' },
    { name: 'Weekend deal', code: 'SAVE10', amountCents: 10_000, on: 'items' },
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
  it('lists each by name, what the items come to after theirs, and which come off delivery', async () => {
    renderWith(summary);
    const region = await screen.findByRole('region', { name: 'Discounts' });
    const items = within(region).getByRole('list', { name: 'Off the items' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Weekend deal (SAVE10)−Ksh 100']);
    // Ksh 1,000 of items less Ksh 100: the delivery offer is not taken off the items.
    expect(within(region).getByTestId('items-after-discounts').textContent).toBe('Ksh 900');
    const delivery = within(region).getByRole('list', { name: 'Off delivery' });
    expect(
      within(delivery)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Free delivery in Nyerioff delivery']);
    // Its amount depends on the place chosen at checkout, so none is given here.
    expect(delivery.textContent).not.toContain('Ksh');
    expect(region.textContent).toContain('checkout shows it for the place you choose');
    expect(region.textContent).toContain('Checkout adds delivery and VAT.');
  });

  it('with only a delivery offer, gives no items-after figure', async () => {
    renderWith({
      ...summary,
      discounts: [summary.discounts[0]!],
      discountTotalCents: 5_000,
      coupon: null,
    });
    const region = await screen.findByRole('region', { name: 'Discounts' });
    expect(within(region).queryByRole('list', { name: 'Off the items' })).toBeNull();
    expect(within(region).queryByTestId('items-after-discounts')).toBeNull();
    expect(within(region).getByRole('list', { name: 'Off delivery' })).toBeTruthy();
  });

  it('says VAT is not added when shelf prices include it', async () => {
    renderWith({ ...summary, discounts: [summary.discounts[1]!], pricesIncludeVat: true });
    const region = await screen.findByRole('region', { name: 'Discounts' });
    expect(region.textContent).toContain('Checkout adds delivery.');
    expect(region.textContent).not.toContain('VAT');
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

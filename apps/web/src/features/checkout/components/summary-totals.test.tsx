// Step 3's figures: each discount by name, under what it comes off (issue 36).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CheckoutSummary } from '@duka/domain';
import { SummaryTotals } from './summary-totals.tsx';

afterEach(cleanup);

const summary: CheckoutSummary = {
  lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 2, lineTotalCents: 300_000 }],
  expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
  deliveryDays: { min: 2, max: 4 },
  pricesIncludeVat: false,
  itemCount: 2,
  itemsCents: 300_000,
  shippingCents: 30_000,
  beforeTaxCents: 270_000,
  vatCents: 43_200,
  totalCents: 313_200,
  // As the server lists them, in the order applied: the delivery offer need not come last.
  discounts: [
    { name: 'Free delivery in Nairobi', code: null, amountCents: 30_000, on: 'delivery' },
    { name: 'Weekend deal', code: 'SAVE10', amountCents: 30_000, on: 'items' },
  ],
  discountTotalCents: 60_000,
  coupon: { code: 'SAVE10', message: null },
};

describe("step 3's totals", () => {
  it('list each discount under what it comes off: the items, or the delivery', () => {
    render(<SummaryTotals summary={summary} />);
    const rows = within(screen.getByLabelText('Order summary'))
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Items 2',
      'Item total Ksh 3,000',
      'Weekend deal (SAVE10) −Ksh 300',
      'Shipping & Handling Ksh 300',
      'Free delivery in Nairobi −Ksh 300',
      'Before Tax Ksh 2,700',
      'Tax Collected (VAT 16%) Ksh 432',
      'Order Total Ksh 3,132',
    ]);
  });
});

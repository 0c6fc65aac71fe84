// The checkout's steps against a stand-in of the shop's API that is slow to answer reads, as on a
// poor connection: a step moves on only with the details as saved, so Back never opens a form with
// the copy from before the save, and step 3 never shows figures priced for the old delivery.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CheckoutDetails, CheckoutSummary } from '@duka/domain';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import CheckoutPage from './checkout-page.tsx';

/** How long each read of the details and of the summary takes. */
const SLOW_MS = 300;
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const priced = (shippingCents: number): CheckoutSummary => ({
  lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 1, lineTotalCents: 100_000 }],
  expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
  deliveryDays: { min: 3, max: 5 },
  pricesIncludeVat: false,
  itemCount: 1,
  itemsCents: 100_000,
  shippingCents,
  beforeTaxCents: 100_000 + shippingCents,
  vatCents: 0,
  totalCents: 100_000 + shippingCents,
  discounts: [],
  discountTotalCents: 0,
  coupon: null,
});

/** The shop as far as checkout asks it: what step 1 and 2 save is what the details then read. */
function slowShop() {
  const details: CheckoutDetails = {
    name: null,
    street_address: null,
    apartment_number: null,
    city: null,
    zip_code: null,
    email: null,
    county: null,
    phone: null,
    delivery: 'home',
    pickup_point_id: null,
    kra_pin: null,
    business_name: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://duka.test');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });
      switch (key) {
        case 'GET /api/current_user':
          return json({ id: 3, username: 'achieng', email: 'achieng@example.co.ke' });
        case 'GET /api/checkout/details': {
          const snapshot = { ...details };
          await later(SLOW_MS);
          return json(snapshot);
        }
        case 'POST /api/shipping':
          Object.assign(details, {
            name: body.name,
            street_address: body.street_address,
            city: body.city,
            zip_code: body.zip_code,
          });
          return json({ message: 'Shipping address saved' });
        case 'POST /api/payment':
          details.email = body.email;
          return json({ message: 'Payment info saved' });
        case 'GET /api/checkout/summary':
          await later(SLOW_MS);
          // Priced as now saved: Kisumu's Ksh 250 once a zip code is there.
          return json(priced(details.zip_code ? 25_000 : 5_000));
        case 'GET /api/payments/methods':
          return json({ methods: [] });
        case 'GET /api/delivery/counties':
        case 'GET /api/delivery/pickup-points':
        case 'GET /api/addresses':
          return json([]);
        default:
          return new Response(JSON.stringify({ error: `No stand-in for ${key}` }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          });
      }
    }),
  );
}

function renderCheckout() {
  const client = createQueryClient();
  // The cart was open before checkout: its pricing (the flat Ksh 50, no county yet) is cached.
  client.setQueryData(['checkout', 'summary'], priced(5_000));
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <AppProviders queryClient={client}>
        <AuthProvider>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
          </Routes>
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

beforeEach(() => setTokens('test-access-token'));
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('checkout on a slow connection', () => {
  it('Back from step 2 shows step 1 as saved, and step 3 only figures priced for it', async () => {
    slowShop();
    renderCheckout();
    await screen.findByLabelText('First Name', {}, { timeout: 3_000 });
    fill('First Name', 'Achieng');
    fill('Last Name', 'Otieno');
    fill('Street Address', 'Oginga Odinga Street 7');
    fill('Town / area', 'Kisumu');
    fill('Zip Code', '40100');
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));

    // Back as soon as step 2 shows.
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 3_000 }));
    await screen.findByLabelText('Town / area', {}, { timeout: 3_000 });
    expect(valueOf('Town / area')).toBe('Kisumu');
    expect(valueOf('Street Address')).toBe('Oginga Odinga Street 7');
    expect(valueOf('First Name')).toBe('Achieng');

    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const email = await screen.findByLabelText('Email', {}, { timeout: 3_000 });
    fireEvent.change(email, { target: { value: 'achieng.otieno@example.co.ke' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment Info' }));

    // Step 3's first figures are the new pricing, never the cart's from before step 1.
    const totals = await screen.findByLabelText('Order summary', {}, { timeout: 3_000 });
    expect(within(totals).getByText('Shipping & Handling').nextElementSibling?.textContent).toBe(
      'Ksh 250',
    );
    // And Back from step 3 opens step 2 with the e-mail as saved.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(valueOf('Email')).toBe('achieng.otieno@example.co.ke');
  });
});

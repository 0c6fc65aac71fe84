// /delivery against a stand-in API (issue 33): it says what the counties, the pickup points and the
// shop's return window say, and nothing else.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { DEFAULT_SHOP_SETTINGS } from '@duka/domain/settings/schemas';
import { AppProviders } from '../../app/providers.tsx';
import DeliveryPage from './delivery-page.tsx';

const county = (code: string, name: string, fee = 50, min = 3, max = 5): DeliveryCounty => ({
  code,
  name,
  fee,
  eta_min_days: min,
  eta_max_days: max,
  pay_on_delivery: false,
  pay_on_delivery_max: null,
});
let api: { counties: DeliveryCounty[]; points: PickupPoint[]; returnDays: number };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://duka.test').pathname;
      const body =
        path === '/api/delivery/counties'
          ? api.counties
          : path === '/api/delivery/pickup-points'
            ? api.points
            : path === '/api/settings'
              ? { ...DEFAULT_SHOP_SETTINGS, return_window_days: api.returnDays, current_year: 2026 }
              : null;
      return new Response(JSON.stringify(body), {
        status: body ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <DeliveryPage />
      </AppProviders>
    </MemoryRouter>,
  );

describe('Delivery and Returns', () => {
  it('one fee everywhere and no pickup points: says just that', async () => {
    api = {
      counties: [county('001', 'Mombasa'), county('047', 'Nairobi City')],
      points: [],
      returnDays: 30,
    };
    renderPage();
    const main = await screen.findByText(/Delivery costs Ksh 50, whichever county you are in\./);
    expect(main).toBeTruthy();
    const text = document.body.textContent!;
    expect(text).toContain('Delivery then takes 3-5 business days.');
    expect(text).toContain('You can return an item within 30 days of delivery');
    expect(text).not.toMatch(/pickup point/i);
    expect(text).not.toContain('size of your order');
    expect(screen.queryByText('Delivery fee and days for each county')).toBeNull();
  });

  it('fees by county, the open pickup points and no returns, when that is what is set', async () => {
    api = {
      counties: [county('001', 'Mombasa', 150, 2, 4), county('023', 'Turkana', 800, 4, 7)],
      points: [
        {
          id: 3,
          name: 'Kilimani Collection Point',
          county_code: '047',
          county: 'Nairobi City',
          address: 'Argwings Kodhek Rd',
          opening_hours: 'Mon–Sat 8:00–18:00',
          fee: 100,
          active: true,
          eta_min_days: 3,
          eta_max_days: 5,
        },
      ],
      returnDays: 0,
    };
    renderPage();
    await screen.findByText(/Delivery costs from Ksh 150 to Ksh 800, depending on your county\./);
    const text = document.body.textContent!;
    expect(text).toContain('Delivery then takes 2-7 business days, depending on your county.');
    expect(screen.getByText('Delivery fee and days for each county')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Turkana' }).parentElement!.textContent).toBe(
      'TurkanaKsh 8004-7',
    );
    expect(text).toContain('You can also collect your order from our pickup point');
    expect(text).toContain('Kilimani Collection Point');
    expect(text).toContain('Items cannot be returned');
    expect(text).not.toContain('within 0 days');
  });
});

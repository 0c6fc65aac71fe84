// Step 1's delivery line against a stand-in of the shop's API: the county or point as chosen is
// priced by the server (GET /api/checkout/summary with the choice), and a delivery discount is
// shown by name beside the fee it changes, so nobody is told a fee they will not pay (issue 36).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CheckoutSummary, SummaryDiscount } from '@duka/domain';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import { ShippingStep } from './shipping-step.tsx';

const county = (code: string, name: string, fee: number): DeliveryCounty => ({
  code,
  name,
  fee,
  eta_min_days: 2,
  eta_max_days: 4,
  pay_on_delivery: false,
  pay_on_delivery_max: null,
});
const COUNTIES = [
  county('001', 'Mombasa', 400),
  county('042', 'Kisumu', 250),
  county('047', 'Nairobi City', 300),
];
const POINTS: PickupPoint[] = [
  {
    id: 5,
    name: 'Westlands G4S',
    county_code: '047',
    county: 'Nairobi City',
    address: 'Waiyaki Way',
    opening_hours: 'Daily 8-18',
    fee: 120,
    active: true,
  } as PickupPoint,
];

/** The cart (Ksh 3,000 of items, 10 % off with a code) priced for a delivery fee and its offers. */
function pricedAt(shippingCents: number, offers: SummaryDiscount[] = []): CheckoutSummary {
  const off = offers.reduce((sum, d) => sum + d.amountCents, 0);
  return {
    lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 2, lineTotalCents: 300_000 }],
    expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
    deliveryDays: { min: 2, max: 4 },
    pricesIncludeVat: false,
    itemCount: 2,
    itemsCents: 300_000,
    shippingCents,
    beforeTaxCents: 270_000 + shippingCents - off,
    vatCents: 0,
    totalCents: 270_000 + shippingCents - off,
    discounts: [
      { name: 'Weekend deal', code: 'SAVE10', amountCents: 30_000, on: 'items' },
      ...offers,
    ],
    discountTotalCents: 30_000 + off,
    coupon: { code: 'SAVE10', message: null },
  };
}

const NAIROBI_FREE: SummaryDiscount = {
  name: 'Free delivery in Nairobi',
  code: null,
  amountCents: 30_000,
  on: 'delivery',
};

/** The server's pricing of each choice, by its query string. */
const PRICED: Record<string, CheckoutSummary> = {
  'delivery=home&county=047': pricedAt(30_000, [NAIROBI_FREE]),
  'delivery=home&county=001': pricedAt(40_000, [
    { name: 'Cheaper to the coast', code: 'PWANI', amountCents: 10_000, on: 'delivery' },
  ]),
  'delivery=home&county=042': pricedAt(25_000),
  'delivery=pickup&pickup_point_id=5': pricedAt(12_000, [{ ...NAIROBI_FREE, amountCents: 12_000 }]),
};

function shopApi(summaryFails = false) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://duka.test');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.pathname === '/api/delivery/counties') return json(COUNTIES);
      if (url.pathname === '/api/delivery/pickup-points') return json(POINTS);
      if (url.pathname === '/api/addresses') return json([]);
      if (url.pathname === '/api/checkout/summary') {
        const query = url.searchParams.toString();
        asked.push(query);
        if (summaryFails) return json({ error: 'Something went wrong', code: 'INTERNAL' }, 500);
        const priced = PRICED[query];
        return priced ? json(priced) : json({ error: `no pricing for ${query}` }, 400);
      }
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
  return asked;
}

function renderStep() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ShippingStep
          initial={{
            firstName: 'Wanjiru',
            lastName: 'Kamau',
            street_address: 'Moi Avenue 12',
            apartment_number: '',
            city: 'Nairobi',
            zip_code: '',
            county: '',
            phone: '',
            delivery: 'home',
            pickup_point_id: '',
          }}
          onCancel={() => {}}
          onDone={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function chooseCounty(name: string) {
  const select = screen.getByLabelText('County');
  await within(select).findByRole('option', { name });
  const option = within(select).getByRole('option', { name }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

/** The line under the delivery choice, as one text. */
const deliveryLine = () => screen.getByText(/^Delivery to /).textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("step 1's delivery fee", () => {
  it('shows a delivery offer by name beside the fee it takes away, for the county as chosen', async () => {
    const asked = shopApi();
    renderStep();
    await chooseCounty('Nairobi City');

    const offers = await screen.findByRole('list', { name: 'Delivery offers' });
    expect(
      within(offers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Free delivery in Nairobi: −Ksh 300']);
    expect(deliveryLine()).toMatch(/^Delivery to Nairobi City: Free instead of Ksh 300, expected /);
    // The fee as paid is what stands out; the county's fee only struck through.
    expect(screen.getByText('Free').tagName).toBe('STRONG');
    // Only delivery offers here: the items' discount is step 3's.
    expect(screen.queryByText(/Weekend deal/)).toBeNull();

    // A cheaper delivery by a code, named with it.
    await chooseCounty('Mombasa');
    await waitFor(() =>
      expect(deliveryLine()).toMatch(/^Delivery to Mombasa: Ksh 300 instead of Ksh 400, expected /),
    );
    expect(
      within(screen.getByRole('list', { name: 'Delivery offers' })).getByRole('listitem')
        .textContent,
    ).toBe('Cheaper to the coast (PWANI): −Ksh 100');

    // No offer for Kisumu: its fee, and no offer listed (none carried over from Mombasa).
    await chooseCounty('Kisumu');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Delivery offers' })).toBeNull());
    expect(deliveryLine()).toMatch(/^Delivery to Kisumu: Ksh 250, expected /);

    expect(asked).toEqual([
      'delivery=home&county=047',
      'delivery=home&county=001',
      'delivery=home&county=042',
    ]);
  });

  it('prices a pickup point as chosen', async () => {
    const asked = shopApi();
    renderStep();
    await chooseCounty('Nairobi City');
    fireEvent.click(screen.getByRole('radio', { name: 'Pickup point' }));
    const point = await screen.findByLabelText('Pickup Point');
    await within(point).findByRole('option', { name: /Westlands G4S/ });
    fireEvent.change(point, { target: { value: '5' } });
    await waitFor(() =>
      expect(deliveryLine()).toMatch(/^Delivery to Westlands G4S: Free instead of Ksh 120/),
    );
    expect(asked).toContain('delivery=pickup&pickup_point_id=5');
  });

  it("does not give a fee as final when the server's pricing could not be had", async () => {
    shopApi(true);
    renderStep();
    await chooseCounty('Nairobi City');
    await waitFor(() =>
      expect(deliveryLine()).toMatch(
        /^Delivery to Nairobi City: Ksh 300 before any delivery offer, expected /,
      ),
    );
    expect(screen.queryByRole('list', { name: 'Delivery offers' })).toBeNull();
  });
});

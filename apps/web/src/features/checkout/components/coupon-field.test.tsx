// Step 3's coupon code against a stand-in of the shop's API: the screen shows what the server
// answers (its summary, its refusals in its own words) and never computes a discount itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CheckoutDetails, CheckoutSummary } from '@duka/domain';
import { SummaryStep } from './summary-step.tsx';
import { TOO_MANY_TRIES } from './coupon-field.tsx';

type Reply = { status?: number; body?: unknown; raw?: string };
type Handler = (body: unknown) => Reply;

/** fetch answering from `routes` ('POST /api/cart/coupon' → handler); every call is kept. */
function shopApi(routes: Record<string, Handler>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      const handler = routes[key];
      if (!handler) throw new Error(`unexpected ${key}`);
      const reply = handler(init?.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(reply.raw ?? JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: reply.raw ? {} : { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const details: CheckoutDetails = {
  name: 'Njeri Mwangi',
  street_address: 'Kimathi Street 3',
  apartment_number: null,
  city: 'Nyeri',
  zip_code: '10100',
  email: 'njeri@example.co.ke',
  county: null,
  phone: null,
  delivery: 'home',
  pickup_point_id: null,
  kra_pin: null,
  business_name: null,
};

/** Two units at Ksh 500, Ksh 50 delivery, VAT added: Ksh 1,218 without a code. */
const plain: CheckoutSummary = {
  lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 2, lineTotalCents: 100_000 }],
  expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
  deliveryDays: { min: 3, max: 5 },
  pricesIncludeVat: false,
  itemCount: 2,
  itemsCents: 100_000,
  shippingCents: 5_000,
  beforeTaxCents: 105_000,
  vatCents: 16_800,
  totalCents: 121_800,
  discounts: [],
  discountTotalCents: 0,
  coupon: null,
};

/** The same cart with SAVE10 (10% off the items), as the server would price it. */
const withCode: CheckoutSummary = {
  ...plain,
  beforeTaxCents: 95_000,
  vatCents: 15_200,
  totalCents: 110_200,
  discounts: [{ name: 'Weekend deal', code: 'SAVE10', amountCents: 10_000, on: 'items' }],
  discountTotalCents: 10_000,
  coupon: { code: 'SAVE10', message: null },
};

const refused = (error: string, status = 422, code = 'COUPON_REFUSED'): Reply => ({
  status,
  body: { error, code },
});

const common: Record<string, Handler> = {
  'GET /api/delivery/counties': () => ({ body: [] }),
  'GET /api/payments/methods': () => ({
    body: { methods: [{ method: 'paypal', label: 'PayPal', kind: 'redirect', sandbox: true }] },
  }),
};

function renderStep() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SummaryStep details={details} onBack={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const orderTotal = () =>
  within(screen.getByLabelText('Order summary')).getByText('Order Total').nextElementSibling
    ?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("step 3's coupon code", () => {
  it("says why a code is refused, keeping what was typed; the right one lists its discount and the server's lower total; 'Remove' takes it off", async () => {
    const tried: unknown[] = [];
    const calls = shopApi({
      ...common,
      'GET /api/checkout/summary': () => ({ body: plain }),
      'POST /api/cart/coupon': (body) => {
        tried.push(body);
        const { code } = body as { code: string };
        return code.trim().toUpperCase() === 'SAVE10'
          ? { body: withCode }
          : refused('Spend Ksh 2,000 or more to use this code.');
      },
      'DELETE /api/cart/coupon': () => ({ body: plain }),
    });
    renderStep();

    const field = await screen.findByLabelText('Have a coupon code?');
    expect(orderTotal()).toBe('Ksh 1,218');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);

    fireEvent.change(field, { target: { value: 'big2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Spend Ksh 2,000 or more to use this code.');
    expect((field as HTMLInputElement).value).toBe('big2000');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(orderTotal()).toBe('Ksh 1,218');

    fireEvent.change(field, { target: { value: ' save10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Weekend deal (SAVE10)')).toBeTruthy();
    const summary = screen.getByLabelText('Order summary');
    expect(within(summary).getByText('Weekend deal (SAVE10)').nextElementSibling?.textContent).toBe(
      '−Ksh 100',
    );
    expect(orderTotal()).toBe('Ksh 1,102');
    expect(within(summary).getByText('Before Tax').nextElementSibling?.textContent).toBe('Ksh 950');
    expect(screen.getByRole('status').textContent).toBe('SAVE10 applied.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Have a coupon code?')).toBeNull();
    const remove = screen.getByRole('button', { name: 'Remove code SAVE10' });
    await waitFor(() => expect(document.activeElement).toBe(remove));

    fireEvent.click(remove);
    const again = await screen.findByLabelText('Have a coupon code?');
    expect((again as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Weekend deal (SAVE10)')).toBeNull();
    expect(orderTotal()).toBe('Ksh 1,218');
    await waitFor(() => expect(document.activeElement).toBe(again));

    // What was typed is sent as typed: the server reads the code.
    expect(tried).toEqual([{ code: 'big2000' }, { code: ' save10 ' }]);
    expect(calls.filter((c) => c.includes('/cart/coupon'))).toEqual([
      'POST /api/cart/coupon',
      'POST /api/cart/coupon',
      'DELETE /api/cart/coupon',
    ]);
  });

  it("shows the server's words after too many wrong codes, and its own when the answer has none", async () => {
    const answers: Reply[] = [
      refused(
        'Too many wrong codes. Please wait a few minutes and try again.',
        429,
        'RATE_LIMITED',
      ),
      { status: 429, raw: 'Too Many Requests' },
    ];
    shopApi({
      ...common,
      'GET /api/checkout/summary': () => ({ body: plain }),
      'POST /api/cart/coupon': () => answers.shift()!,
    });
    renderStep();
    const field = await screen.findByLabelText('Have a coupon code?');
    fireEvent.change(field, { target: { value: 'GUESS1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong codes. Please wait a few minutes and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TOO_MANY_TRIES));
    expect(TOO_MANY_TRIES).toBe('Too many tries. Please wait a few minutes and try again.');
    expect((field as HTMLInputElement).value).toBe('GUESS1');
  });

  it("says when the cart's code no longer applies, and offers taking it off", async () => {
    shopApi({
      ...common,
      'GET /api/checkout/summary': () => ({
        body: { ...plain, coupon: { code: 'OLD5', message: 'This code has expired.' } },
      }),
      'DELETE /api/cart/coupon': () => ({ body: plain }),
    });
    renderStep();
    expect((await screen.findByRole('alert')).textContent).toBe('OLD5: This code has expired.');
    expect(orderTotal()).toBe('Ksh 1,218');
    fireEvent.click(screen.getByRole('button', { name: 'Remove code OLD5' }));
    expect(await screen.findByLabelText('Have a coupon code?')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when placing the order finds the code refused or an offer changed, says so in the server’s words and shows the new summary', async () => {
    const summaries = [
      withCode,
      // The last use went to another shopper meanwhile: the cart's code gives nothing now.
      { ...plain, coupon: { code: 'SAVE10', message: 'This code has been used up.' } },
      // …and, removed, an automatic offer that ran out too.
      plain,
      { ...plain, totalCents: 121_900 },
    ];
    const placements = [
      refused('This code has been used up.'),
      refused(
        'An offer in your order has just run out. Please check your new total and try again.',
        409,
        'OFFER_CHANGED',
      ),
    ];
    const calls = shopApi({
      ...common,
      'GET /api/checkout/summary': () => ({ body: summaries.shift() }),
      'POST /api/create-payment': () => placements.shift()!,
      'DELETE /api/cart/coupon': () => ({ body: summaries.shift() }),
    });
    renderStep();
    expect(await screen.findByText('Weekend deal (SAVE10)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'SAVE10: This code has been used up.',
        'This code has been used up.',
      ]),
    );
    expect(screen.queryByText('Weekend deal (SAVE10)')).toBeNull();
    expect(orderTotal()).toBe('Ksh 1,218');

    fireEvent.click(screen.getByRole('button', { name: 'Remove code SAVE10' }));
    await screen.findByLabelText('Have a coupon code?');
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(
      await screen.findByText(
        'An offer in your order has just run out. Please check your new total and try again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(orderTotal()).toBe('Ksh 1,219'));
    // Nothing lost: still on step 3, its buttons ready to try again.
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(calls.filter((c) => c === 'GET /api/checkout/summary')).toHaveLength(3);
  });
});

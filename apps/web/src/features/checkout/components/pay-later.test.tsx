import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PayLater } from './pay-later.tsx';

/** A fetch answering the shop's API from a script; every call is kept. */
function shopApi(replies: Record<string, { status: number; body: unknown }[]>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[`${method} ${url}`]?.shift();
      if (!reply) throw new Error(`unexpected ${method} ${url}`);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const methods = {
  status: 200,
  body: {
    methods: [
      { method: 'mpesa', label: 'M-Pesa', kind: 'prompt', sandbox: true },
      {
        method: 'mpesa_paybill',
        label: 'M-Pesa Paybill',
        kind: 'paybill',
        business_number: '174379',
        sandbox: true,
      },
      { method: 'paypal', label: 'PayPal', kind: 'redirect', sandbox: true },
    ],
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('paying an order later from its page', () => {
  it("'Pay now' offers the shop's ways, and the Paybill shows the same order's figures for what it still owes", async () => {
    const paybill = {
      kind: 'paybill',
      business_number: '174379',
      account_number: '42',
      amount: 1378,
    };
    const calls = shopApi({
      'GET /api/payments/methods': [methods],
      'POST /api/create-payment': [
        { status: 202, body: { order_id: 42, paymentId: 'PB-1', status: 'pending', paybill } },
      ],
      'GET /api/payments/PB-1': [
        {
          status: 200,
          body: {
            status: 'pending',
            method: 'mpesa_paybill',
            order_id: 42,
            amount: 237_800,
            paybill,
            received: 100_000,
          },
        },
      ],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PayLater orderId={42} balanceCents={137_800} totalCents={237_800} countyName={null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/Ksh 1,378 to pay/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay via M-Pesa Paybill' }));
    expect(await screen.findByLabelText('Copy account number 42')).toBeTruthy();
    expect(screen.getByLabelText('Copy amount (ksh) 1378')).toBeTruthy();
    expect(
      await screen.findByText('Received Ksh 1,000 so far: Ksh 1,378 still to pay.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { method: 'mpesa_paybill', order_id: 42 },
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MpesaCheckout } from './mpesa-checkout.tsx';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch answering the shop's API from a script: each path answers its next reply. */
function shopApi(replies: Record<string, { status: number; body: unknown }[]>) {
  const calls: Call[] = [];
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

function renderCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout']}>
        <Routes>
          <Route
            path="/checkout"
            element={<MpesaCheckout totalCents={1_234_500} onBack={() => {}} />}
          />
          <Route path="/ordercomplete" element={<p>Order complete page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const started = (paymentId: string) => ({
  status: 202,
  body: { order_id: 9, paymentId, status: 'pending' },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('paying with M-Pesa', () => {
  it("sends the request to the profile's phone, says why it failed, and 'Try again' pushes anew for the same order until paid", async () => {
    const calls = shopApi({
      'GET /api/profile': [{ status: 200, body: { phone_number: '0712 345 678' } }],
      'POST /api/create-payment': [started('MP-1'), started('MP-2')],
      'GET /api/payments/MP-1': [
        {
          status: 200,
          body: {
            status: 'failed',
            method: 'mpesa',
            order_id: 9,
            amount: 1_234_500,
            message: 'The M-Pesa PIN was wrong.',
          },
        },
      ],
      'GET /api/payments/MP-2': [
        {
          status: 200,
          body: { status: 'paid', method: 'mpesa', order_id: 10, amount: 1_234_500, receipt: 'R1' },
        },
      ],
    });
    renderCheckout();
    const phone = await screen.findByLabelText('M-Pesa phone number');
    expect(phone).toHaveProperty('value', '0712 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Send request to phone' }));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The M-Pesa PIN was wrong.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Order complete page')).toBeTruthy();
    const pushes = calls.filter((c) => c.method === 'POST');
    // The second try pays the order the first made: order history lists orders, not tries.
    expect(pushes.map((c) => c.body)).toEqual([
      { method: 'mpesa', phone: '0712 345 678' },
      { method: 'mpesa', phone: '0712 345 678', order_id: 9 },
    ]);
  });

  it('shows the amount while the phone rings', async () => {
    shopApi({
      'GET /api/profile': [{ status: 200, body: { phone_number: '0712345678' } }],
      'POST /api/create-payment': [started('MP-3')],
      'GET /api/payments/MP-3': [
        { status: 200, body: { status: 'pending', method: 'mpesa', order_id: 9, amount: 1 } },
      ],
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Send request to phone' }));
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeTruthy();
    expect(screen.getByText('Enter your M-Pesa PIN to pay Ksh 12,345')).toBeTruthy();
  });

  it('refuses a number that is not a Kenyan mobile, and shows what the shop said', async () => {
    const calls = shopApi({
      'GET /api/profile': [{ status: 200, body: { phone_number: '020 234 5678' } }],
      'POST /api/create-payment': [
        {
          status: 503,
          body: {
            error: 'M-Pesa is not answering right now. Please try again in a minute.',
            code: 'MPESA_UNAVAILABLE',
          },
        },
      ],
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Send request to phone' }));
    expect(
      await screen.findByText('Enter a Kenyan mobile number such as 0712 345 678.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('M-Pesa phone number'), {
      target: { value: '0712345678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send request to phone' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'M-Pesa is not answering right now. Please try again in a minute.',
    );
  });
});

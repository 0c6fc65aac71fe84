// The Orders screen against a stand-in API: what the admin sees when the server accepts a change,
// and when it refuses one (an order that moved meanwhile). The Customers screen's are in
// admin-accounts; the browser journeys in tests/e2e cover the same screens against the real server.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminOrder } from '@duka/domain';
import { standInApi } from '../../../testing/back-office-screen.tsx';
import OrdersPage from './orders-page.tsx';

const api = standInApi();

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('Orders', () => {
  const paidInFull = (total: number) => ({
    due: total,
    paid: total,
    refunded: 0,
    balance: 0,
    state: 'paid' as const,
  });
  const order = (
    id: number,
    total: number,
    status: AdminOrder['status'],
    money: AdminOrder['money'] = paidInFull(total),
  ): AdminOrder => ({
    id,
    user_email: `buyer${id}@example.co.ke`,
    username: `buyer${id}`,
    created_at: '2026-11-21T22:30:00Z',
    shipping_address: 'Kenyatta Avenue 12, Nakuru, 20100',
    payment_method: 'PayPal',
    order_total: total,
    status,
    next_statuses: status === 'paid' ? ['processing', 'refunded'] : [],
    first_item: 'Kiondo basket',
    item_count: 1,
    line_count: 1,
    receipt: null,
    phone: '254712345678',
    items: ['1 × Kiondo basket'],
    collectable: false,
    money,
    discounts: [],
    discount_total: 0,
  });

  beforeEach(() => {
    api.routes['GET /api/admin/orders'] = () => ({
      body: {
        orders: [order(8, 129_950, 'paid'), order(7, 50, 'delivered')],
        total: 2,
        skip: 0,
        limit: 10,
      },
    });
  });

  it('numbers the rows, writes Ksh and Kenyan dates in Nairobi time, and totals the page', async () => {
    api.renderAs(<OrdersPage />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const first = within(table).getAllByRole('row')[1]!;
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '1Order 8',
      'buyer8@example.co.ke0712 345 678',
      '22 Nov 2026',
      'Kenyatta Avenue 12, Nakuru, 20100',
      'PayPal',
      'Ksh 1,300',
    ]);
    expect(screen.getByText('Total of this page:').parentElement!.textContent).toBe(
      'Total of this page:Ksh 1,300',
    );
    // A delivered order has nowhere to go: no control.
    expect(screen.queryByLabelText('New status for order 7')).toBeNull();
  });

  it('flags the money where the status does not say it: partly paid with the balance, overpaid with the amount', async () => {
    api.routes['GET /api/admin/orders'] = () => ({
      body: {
        orders: [
          order(9, 237_800, 'pending_payment', {
            due: 237_800,
            paid: 100_000,
            refunded: 0,
            balance: 137_800,
            state: 'partially_paid',
          }),
          order(8, 237_800, 'paid', {
            due: 237_800,
            paid: 250_000,
            refunded: 0,
            balance: -12_200,
            state: 'overpaid',
          }),
          order(7, 237_800, 'paid'),
        ],
        total: 3,
        skip: 0,
        limit: 10,
      },
    });
    api.renderAs(<OrdersPage />);
    await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(rowOf('buyer9@example.co.ke')).getByText('Partially paid · Ksh 1,378 to pay'),
    ).toBeTruthy();
    expect(within(rowOf('buyer8@example.co.ke')).getByText('Overpaid · Ksh 122 over')).toBeTruthy();
    expect(within(rowOf('buyer7@example.co.ke')).queryByText(/Partially|Overpaid/)).toBeNull();
  });

  it('offers only the next statuses and shows the server’s refusal in the row', async () => {
    api.routes['PATCH /api/admin/orders/8'] = (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ status: 'refunded' });
      return {
        status: 422,
        body: {
          error: 'An order that is refunded cannot change any more.',
          code: 'ILLEGAL_TRANSITION',
        },
      };
    };
    api.renderAs(<OrdersPage />);
    const select = (await screen.findByLabelText('New status for order 8')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Processing',
      'Refunded',
    ]);
    fireEvent.change(select, { target: { value: 'refunded' } });
    fireEvent.click(screen.getByRole('button', { name: /^Update\W+order 8$/ }));
    const refusal = await screen.findByText('An order that is refunded cannot change any more.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(within(rowOf('buyer8@example.co.ke')).getByText('Paid')).toBeTruthy();
  });
});

describe('Orders for staff who may not do everything', () => {
  const collectable: AdminOrder = {
    id: 9,
    user_email: 'buyer9@example.co.ke',
    username: 'buyer9',
    created_at: '2026-11-21T22:30:00Z',
    shipping_address: 'Moi Avenue 3, Mombasa',
    payment_method: 'Pay on delivery',
    order_total: 250_000,
    status: 'paid',
    next_statuses: ['processing', 'refunded'],
    first_item: 'Kikoi',
    item_count: 1,
    line_count: 1,
    receipt: null,
    phone: '254712345678',
    items: ['1 × Kikoi'],
    collectable: true,
    money: { due: 250_000, paid: 0, refunded: 0, balance: 250_000, state: 'unpaid' },
    discounts: [],
    discount_total: 0,
  };
  beforeEach(() => {
    api.routes['GET /api/admin/orders'] = () => ({
      body: { orders: [collectable], total: 1, skip: 0, limit: 10 },
    });
  });

  it('offers a packer the moves but not the refund', async () => {
    api.renderAs(<OrdersPage />, 'fulfilment');
    const select = (await screen.findByLabelText('New status for order 9')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Processing']);
    expect(screen.getByRole('button', { name: /^Record payment\W+of order 9$/ })).toBeTruthy();
  });

  it('shows support the order but neither moves nor collection', async () => {
    api.renderAs(<OrdersPage />, 'support');
    expect(await screen.findByText('buyer9@example.co.ke')).toBeTruthy();
    expect(screen.queryByLabelText('New status for order 9')).toBeNull();
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
    // The orders CSV (customers and money in bulk) is finance's.
    expect(screen.queryByRole('form', { name: 'Export orders' })).toBeNull();
  });

  it('gives finance the orders CSV', async () => {
    api.renderAs(<OrdersPage />, 'finance');
    expect(await screen.findByRole('form', { name: 'Export orders' })).toBeTruthy();
  });
});

// The back office's refunds against a stand-in API: an order's refunds in words with 'Retry' for
// a failed one, the Refund form (amounts in shillings sent as cents; the server's refusal shown;
// a refund only a person can make asks for its reference), what a packer does not see, and the
// unmatched M-Pesa payment's refund and close.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { AdminOrderDetail, Refund, Role, UnmatchedPayment } from '@duka/domain';
import { PERMISSIONS, permissionsOf } from '@duka/domain/staff/permissions';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import { RefundsPanel } from './refunds-panel.tsx';
import { centsOf } from './use-refund-fields.ts';
import { UnmatchedActions, UnmatchedRefund } from './unmatched-actions.tsx';

type Handler = (body: unknown) => { status?: number; body: unknown };
let routes: Record<string, Handler> = {};
const posted: { key: string; body: unknown }[] = [];

beforeEach(() => {
  posted.length = 0;
  setTokens('test-access-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://duka.test').pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (init?.method === 'POST') posted.push({ key, body });
      const handler = routes[key];
      const answer = handler
        ? handler(body)
        : { status: 404, body: { error: `No stand-in for ${key}`, code: 'NOT_FOUND' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
  routes = {};
});

function renderAs(role: Role, node: ReactNode) {
  routes['GET /api/current_user'] = () => ({
    body: {
      id: 1,
      username: 'admin',
      email: 'admin@duka.test',
      phone_number: '0700000000',
      is_admin: true,
      role,
      created_at: '2026-01-01T00:00:00Z',
      last_active_at: null,
      permissions: role === 'owner' ? PERMISSIONS : permissionsOf(role),
    },
  });
  return render(
    <MemoryRouter>
      <AppProviders>
        <AuthProvider>{node}</AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

const refund = (over: Partial<Refund>): Refund => ({
  id: 1,
  amount: 62_200,
  status: 'confirmed',
  method: 'mpesa',
  kind: 'money',
  reason: 'Paid more than the total',
  reference: 'SBR7K2M9Q1',
  failure: null,
  created_at: '2026-11-27T09:00:00Z',
  ...over,
});

/** Only what the panel reads of an order: its id, money and refunds. */
const order = (over: Partial<AdminOrderDetail>) =>
  ({
    id: 41,
    money: { due: 237_800, paid: 300_000, refunded: 0, balance: -62_200, state: 'overpaid' },
    refunds: [],
    ...over,
  }) as AdminOrderDetail;

describe('centsOf', () => {
  it('reads shillings as people type them', () => {
    expect(centsOf('622')).toBe(62_200);
    expect(centsOf('1,189.50')).toBe(118_950);
    expect(centsOf('Ksh 10')).toBe(1_000);
    for (const bad of ['', '0', '-5', '1.234', 'abc', '12e3']) expect(centsOf(bad)).toBeNull();
  });
});

describe("an order's refunds", () => {
  it('lists each in words, with the provider’s words and Retry for a failed one', async () => {
    const o = order({
      money: {
        due: 237_800,
        paid: 237_800,
        refunded: 50_000,
        balance: 0,
        state: 'partially_refunded',
      },
      refunds: [
        refund({ id: 7, amount: 50_000, reason: 'One pair came back', kind: 'goods' }),
        refund({
          id: 8,
          amount: 20_000,
          status: 'failed',
          reference: null,
          reason: 'Scratched',
          failure: 'The initiator information is invalid. (ResultCode 2001)',
        }),
      ],
    });
    routes['GET /api/admin/orders/41'] = () => ({ body: o });
    routes['POST /api/admin/refunds/8/retry'] = () => ({
      status: 202,
      body: refund({ id: 8, status: 'sent', reference: null }),
    });
    renderAs('owner', <RefundsPanel order={o} />);
    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Ksh 500');
    expect(first!.textContent).toContain('Refunded');
    expect(first!.textContent).toContain('SBR7K2M9Q1');
    expect(first!.textContent).toContain('27 Nov 2026');
    expect(second!.textContent).toContain('Failed');
    expect(second!.textContent).toContain(
      'The initiator information is invalid. (ResultCode 2001)',
    );
    fireEvent.click(
      await within(second!).findByRole('button', {
        name: 'Retry the refund of Ksh 200 of order 41',
      }),
    );
    await vi.waitFor(() =>
      expect(posted.map((p) => p.key)).toEqual(['POST /api/admin/refunds/8/retry']),
    );
  });

  it('offers the overpayment back, in cents, and shows what the server refused', async () => {
    const o = order({});
    routes['GET /api/admin/orders/41'] = () => ({ body: o });
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        error: 'A refund of this payment is on its way; wait for its result.',
        code: 'REFUND_IN_PROGRESS',
      },
    };
    routes['POST /api/admin/orders/41/refunds'] = () => answer;
    renderAs('owner', <RefundsPanel order={o} />);
    expect(
      await screen.findByText('Paid Ksh 622 over the total: due back to the customer.'),
    ).toBeTruthy();
    const amount = screen.getByLabelText('Amount (Ksh)') as HTMLInputElement;
    expect(amount.value).toBe('622');
    expect((screen.getByLabelText('Reason') as HTMLInputElement).value).toBe(
      'Paid more than the total',
    );

    fireEvent.change(amount, { target: { value: '3,001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund order 41' }));
    expect(await screen.findByText('At most Ksh 3,000 can be refunded.')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(amount, { target: { value: '622' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund order 41' }));
    expect(
      await screen.findByText('A refund of this payment is on its way; wait for its result.'),
    ).toBeTruthy();
    expect(posted).toEqual([
      {
        key: 'POST /api/admin/orders/41/refunds',
        body: { amount: 62_200, reason: 'Paid more than the total' },
      },
    ]);

    // Only a person can give it back: the form asks for that refund's reference.
    answer = {
      status: 422,
      body: {
        error:
          'The phone this payment came from is not known: refund it by hand, then give the refund’s reference.',
        code: 'REFUND_BY_HAND',
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Refund order 41' }));
    const reference = await screen.findByLabelText('Reference of the refund made by hand');
    fireEvent.change(reference, { target: { value: 'QK12HAND99' } });
    answer = { status: 202, body: refund({ method: 'manual', reference: 'QK12HAND99' }) };
    fireEvent.click(screen.getByRole('button', { name: 'Refund order 41' }));
    await vi.waitFor(() =>
      expect(posted.at(-1)!.body).toEqual({
        amount: 62_200,
        reason: 'Paid more than the total',
        reference: 'QK12HAND99',
      }),
    );
  });

  it('shows a packer the refunds but no form', async () => {
    const o = order({ refunds: [refund({ status: 'failed', failure: 'No' })] });
    routes['GET /api/admin/orders/41'] = () => ({ body: o });
    renderAs('fulfilment', <RefundsPanel order={o} />);
    expect(await screen.findByText('Failed')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Amount (Ksh)')).toBeNull();
  });
});

describe('an unmatched M-Pesa payment', () => {
  const unmatched: UnmatchedPayment = {
    trans_id: 'QK71STRAY1',
    amount: 150_000,
    bill_ref: 'WRONG',
    name: 'John',
    received_at: '2026-11-27T09:00:00Z',
    source: 'confirmation',
    note: "account number 'WRONG' names no order",
    refunded: 50_000,
    refund: refund({ amount: 50_000, reference: 'SBRAAAA111' }),
  };

  it('is refunded (what is left, by default) or closed with a note', async () => {
    routes['POST /api/admin/mpesa/unmatched/QK71STRAY1/refund'] = () => ({
      status: 202,
      body: refund({ id: 2, amount: 100_000, status: 'sent', reference: null }),
    });
    routes['POST /api/admin/mpesa/unmatched/QK71STRAY1/close'] = () => ({
      body: { trans_id: 'QK71STRAY1', closed: true, note: 'Duplicate' },
    });
    renderAs(
      'owner',
      <>
        <UnmatchedRefund payment={unmatched} />
        <UnmatchedActions payment={unmatched} />
      </>,
    );
    expect(await screen.findByText(/Refund of Ksh 500: refunded/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund QK71STRAY1' }));
    expect((screen.getByLabelText('Amount (Ksh)') as HTMLInputElement).value).toBe('1000');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Paid twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send refund of QK71STRAY1' }));
    await vi.waitFor(() =>
      expect(posted).toEqual([
        {
          key: 'POST /api/admin/mpesa/unmatched/QK71STRAY1/refund',
          body: { reason: 'Paid twice', amount: 100_000 },
        },
      ]),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Close QK71STRAY1' }));
    fireEvent.change(screen.getByLabelText('Why it needs nothing more'), {
      target: { value: 'Duplicate' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close payment QK71STRAY1' }));
    await vi.waitFor(() =>
      expect(posted.at(-1)).toEqual({
        key: 'POST /api/admin/mpesa/unmatched/QK71STRAY1/close',
        body: { note: 'Duplicate' },
      }),
    );
  });
});

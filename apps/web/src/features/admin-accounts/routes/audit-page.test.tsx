// The audit log in words (issue 33), against a stand-in API: actions, records, roles and changes
// as a person reads them, Nairobi dates, and the fixed lists filtered with selects.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuditListEntry } from '@duka/domain';
import { PERMISSIONS } from '@duka/domain/staff/permissions';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import AuditPage from './audit-page.tsx';

const asked: URL[] = [];
const entry = (fields: Partial<AuditListEntry>): AuditListEntry => ({
  id: 1,
  at: '2026-11-27T11:05:00Z',
  actor_id: 1,
  actor_email: 'owner@duka.test',
  actor_role: 'owner',
  action: 'order.status.update',
  entity: 'order',
  entity_id: '42',
  before: null,
  after: null,
  ip: '127.0.0.1',
  request_id: 'req-1',
  record_name: null,
  ...fields,
});
const ENTRIES = [
  entry({
    id: 3,
    action: 'product.price.update',
    entity: 'product',
    entity_id: '177',
    record_name: 'Kiondo basket',
    before: { price_cents: 150_000 },
    after: { price_cents: 150_500 },
  }),
  entry({
    id: 2,
    action: 'user.2fa.disable',
    entity: 'user',
    entity_id: '5',
    record_name: 'packer@duka.test',
    actor_role: 'fulfilment',
    before: { two_factor: true },
    after: { two_factor: false },
  }),
  entry({ id: 1, before: { status: 'paid' }, after: { status: 'shipped', courier: 'G4S' } }),
];

beforeEach(() => {
  setTokens('test-access-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://duka.test');
      asked.push(url);
      const body =
        url.pathname === '/api/current_user'
          ? {
              id: 1,
              username: 'owner',
              email: 'owner@duka.test',
              phone_number: '',
              is_admin: true,
              role: 'owner',
              permissions: PERMISSIONS,
            }
          : { entries: ENTRIES, total: ENTRIES.length, skip: 0, limit: 20 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
  asked.length = 0;
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/dashboard/audit']}>
      <AppProviders>
        <AuthProvider>
          <AuditPage />
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

const rowOf = (text: string) =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getByText(text)
    .closest('tr')!;

describe('the audit log', () => {
  it('shows each change in words: the action, the record by name, the role and the fields', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).queryByText('order.status.update')).toBeNull();

    const price = rowOf('Price changed');
    expect(within(price).getByRole('link', { name: 'Kiondo basket' }).getAttribute('href')).toBe(
      '/dashboard/products/177/edit',
    );
    expect(price.textContent).toContain('27 Nov 2026, 14:05');
    expect(price.textContent).toContain('Price: Ksh 1,500 → Ksh 1,505');

    const twoStep = rowOf('Two-step sign-in turned off');
    expect(twoStep.textContent).toContain('Two-step sign-in: on → off');
    expect(twoStep.textContent).toContain('Fulfilment');
    expect(twoStep.textContent).toContain('packer@duka.test');

    const order = rowOf('Order status changed');
    expect(within(order).getByRole('link', { name: 'Order 42' })).toBeTruthy();
    expect(order.textContent).toContain('Status: Paid → Shipped');
    expect(order.textContent).toContain('Courier: — → G4S');
  });

  it('filters actions and record types with selects of words, sending the codes', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Audit log' });
    const action = screen.getByLabelText('Action');
    const record = screen.getByLabelText('Record type');
    expect(action.tagName).toBe('SELECT');
    expect(record.tagName).toBe('SELECT');
    expect(within(action).getByRole('option', { name: 'Order status changed' })).toBeTruthy();
    fireEvent.change(action, { target: { value: 'order.status.update' } });
    fireEvent.change(record, { target: { value: 'order' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => {
      const last = asked.filter((u) => u.pathname === '/api/admin/audit').at(-1)!;
      expect(last.searchParams.get('action')).toBe('order.status.update');
      expect(last.searchParams.get('entity')).toBe('order');
    });
  });
});

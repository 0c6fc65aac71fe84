// The Promotions list against a stand-in API: what each row says, the empty and refused states,
// and a deletion that asks first. The browser journey (tests/e2e/journeys/admin-promotions.spec.ts)
// runs the same screen against the real server.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Promotion } from '@duka/domain';
import { standInApi } from '../../../testing/back-office-screen.tsx';
import { promotion } from '../components/promotion-fixture.ts';
import PromotionsPage from './promotions-page.tsx';

const api = standInApi();

const page = (promotions: Promotion[]) => ({
  body: { promotions, total: promotions.length, skip: 0, limit: 20 },
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Promotions', () => {
  it('lists each promotion: code or Automatic, what it gives, when, status and figures', async () => {
    api.routes['GET /api/admin/promotions'] = () =>
      page([
        promotion({
          id: 2,
          name: 'Black Friday',
          code: 'BF2026',
          type: 'amount_off',
          value: 500,
          min_order: 5000,
          starts_at: '2026-11-27T00:00:00+03:00',
          ends_at: '2099-11-30T23:59:00+03:00',
          usage_limit: 100,
          uses: 3,
          orders: 2,
          revenue: 12_345,
        }),
        promotion({
          id: 1,
          name: 'Two plus one',
          code: null,
          type: 'buy_x_get_y',
          value: null,
          buy_quantity: 2,
          get_quantity: 1,
          get_percent: 100,
          ends_at: '2026-01-01T00:00:00+03:00',
        }),
      ]);
    api.renderAs(<PromotionsPage />);
    const table = await screen.findByRole('table', { name: 'Promotions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first!).slice(0, 8)).toEqual([
      'Black Friday',
      'BF2026',
      'Ksh 500 offOrders of Ksh 5,000 or more',
      '27 Nov 2026, 00:00 – 30 Nov 2099, 23:59',
      'Live',
      '3 of 100',
      '2',
      'Ksh 12,345',
    ]);
    expect(cellsOf(second!).slice(0, 8)).toEqual([
      'Two plus one',
      'Automatic',
      'Buy 2 get 1 free',
      'Until 1 Jan 2026, 00:00',
      'Ended',
      '0',
      '0',
      'Ksh 0',
    ]);
    expect(within(first!).getByRole('link', { name: 'Edit Black Friday' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/dashboard\/promotions\/2\/edit$/),
    );
    expect(api.calls).toContain('GET /api/admin/promotions?limit=20&skip=0');
  });

  it('says when there are none yet, and offers to add one', async () => {
    api.routes['GET /api/admin/promotions'] = () => page([]);
    api.renderAs(<PromotionsPage />);
    expect(await screen.findByText(/No promotions yet\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add promotion' })).toBeTruthy();
  });

  it('shows why the list could not be loaded', async () => {
    api.routes['GET /api/admin/promotions'] = () => ({
      status: 403,
      body: { error: 'You do not have permission to do this.', code: 'FORBIDDEN' },
    });
    api.renderAs(<PromotionsPage />);
    const shown = await screen.findByText('Error: You do not have permission to do this.');
    expect(shown.getAttribute('role')).toBe('alert');
  });

  it('deletes a promotion only once confirmed, then lists what is left', async () => {
    let listed = [promotion({ id: 5, name: 'Ten off', code: 'TEN' })];
    api.routes['GET /api/admin/promotions'] = () => page(listed);
    api.routes['DELETE /api/admin/promotions/5'] = () => {
      listed = [];
      return { body: { message: 'Promotion removed' } };
    };
    api.renderAs(<PromotionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ten off' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete promotion' });
    expect(dialog.textContent).toContain(
      'Delete Ten off? It stops applying at once and its code TEN can be used again. Orders that used it keep their discount.',
    );
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Ten off' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Promotion ‘Ten off’ deleted')).toBeTruthy();
    expect(await screen.findByText(/No promotions yet\./)).toBeTruthy();
    expect(api.calls.filter((c) => c.startsWith('DELETE'))).toEqual([
      'DELETE /api/admin/promotions/5',
    ]);
  });

  it('keeps the dialog open with the server’s reason when the deletion is refused', async () => {
    api.routes['GET /api/admin/promotions'] = () => page([promotion({ id: 5, name: 'Ten off' })]);
    api.routes['DELETE /api/admin/promotions/5'] = () => ({
      status: 404,
      body: { error: 'Promotion not found', code: 'NOT_FOUND' },
    });
    api.renderAs(<PromotionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ten off' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Promotion not found');
  });
});

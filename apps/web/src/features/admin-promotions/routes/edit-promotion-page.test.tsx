// Changing a promotion against a stand-in API: the form opens with the promotion as stored (asked
// for by its id), and the whole promotion goes back as a PATCH, the old kind's fields cleared.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { standInApi } from '../../../testing/back-office-screen.tsx';
import { promotion } from '../components/promotion-fixture.ts';
import EditPromotionPage from './edit-promotion-page.tsx';

const api = standInApi();

const at = (path: string) => (
  <Routes location={path}>
    <Route path="/dashboard/promotions/:id/edit" element={<EditPromotionPage />} />
  </Routes>
);
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Edit promotion', () => {
  const stored = promotion({
    id: 7,
    name: 'Weekend ten',
    code: 'WKND',
    value: 10,
    starts_at: '2026-11-28T00:00:00+03:00',
    ends_at: '2026-11-29T23:59:00+03:00',
    usage_limit: 50,
    uses: 4,
  });

  it('opens with the promotion as stored, and sends the whole of it changed', async () => {
    api.routes['GET /api/admin/promotions/7'] = () => ({ body: stored });
    let sent: unknown;
    api.routes['PATCH /api/admin/promotions/7'] = (init) => {
      sent = JSON.parse(String(init?.body));
      return { body: { ...stored, type: 'amount_off', value: 300 } };
    };
    api.renderAs(at('/dashboard/promotions/7/edit'));
    expect(
      await screen.findByRole('heading', { name: 'Edit promotion: Weekend ten' }),
    ).toBeTruthy();
    expect(screen.getByText(/Uses so far: 4 of 50\./)).toBeTruthy();
    expect(valueOf('Coupon code')).toBe('WKND');
    expect(valueOf('Percentage off (%)')).toBe('10');
    expect(valueOf('Starts')).toBe('2026-11-28T00:00');
    expect(valueOf('Ends')).toBe('2026-11-29T23:59');
    expect(valueOf('Uses in all')).toBe('50');

    const select = screen.getByLabelText('Kind of promotion');
    fireEvent.change(select, {
      target: {
        value: (within(select).getByRole('option', { name: 'Amount off' }) as HTMLOptionElement)
          .value,
      },
    });
    fireEvent.change(screen.getByLabelText('Amount off (Ksh)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Uses in all'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Promotion saved')).toBeTruthy();
    expect(sent).toMatchObject({
      name: 'Weekend ten',
      code: 'WKND',
      type: 'amount_off',
      value: 300,
      starts_at: '2026-11-28T00:00:00+03:00',
      ends_at: '2026-11-29T23:59:00+03:00',
      // Emptied: no limit any more.
      usage_limit: null,
    });
    // Asked for by its id: the list is not paged through to find it.
    expect(api.calls).toContain('GET /api/admin/promotions/7');
    expect(api.calls.filter((c) => c.startsWith('GET /api/admin/promotions?'))).toEqual([]);
  });

  it('says so when the promotion is not there (removed, or never was)', async () => {
    api.routes['GET /api/admin/promotions/7'] = () => ({
      status: 404,
      body: { error: 'Promotion was not found.', code: 'NOT_FOUND' },
    });
    api.renderAs(at('/dashboard/promotions/7/edit'));
    expect(
      await screen.findByText('We could not load this promotion: Promotion was not found.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Promotions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('asks nothing for an address whose id is not one', async () => {
    api.renderAs(at('/dashboard/promotions/abc/edit'));
    expect(
      await screen.findByText('We could not load this promotion: Promotion not found'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.includes('/admin/promotions'))).toEqual([]);
  });
});

// The Customers screen against a stand-in API: what the admin sees when the server accepts a
// change, and when it refuses one (the last admin). The Orders screen's are in admin-orders;
// the browser journeys in tests/e2e cover the same screens against the real server.
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AdminUser } from '@duka/domain';
import { ADMIN, standInApi } from '../../../testing/back-office-screen.tsx';
import CustomersPage from './customers-page.tsx';

const api = standInApi();
const SHOPPER: AdminUser = {
  ...ADMIN,
  id: 2,
  username: 'wanjiku',
  email: 'wanjiku@example.co.ke',
  is_admin: false,
  role: null,
};

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
/** The line under a summary tile's figure. */
const noteOf = (label: string) =>
  screen.getByText(label).parentElement!.lastElementChild!.textContent;

describe('Customers', () => {
  beforeEach(() => {
    api.routes['GET /api/admin/customers/summary'] = () => ({
      body: {
        total_customers: 40,
        members: 25,
        active_now: 2,
        signups_this_month: 5,
        signups_last_month: 3,
        growth_percent: 14.3,
        signups_change_percent: 66.7,
        active_percent: 5,
      },
    });
    api.routes['GET /api/admin/users'] = () => ({
      body: {
        users: [
          { ...ADMIN, orders_count: 0, total_spent_cents: 0 },
          { ...SHOPPER, orders_count: 3, total_spent_cents: 1_250_000 },
        ],
        total: 2,
        skip: 0,
        limit: 10,
      },
    });
  });

  it('shows the computed figures and the accounts with their admin rights', async () => {
    api.renderAs(<CustomersPage />);
    expect(await screen.findByText('Total Customers')).toBeTruthy();
    expect(screen.getByText('40')).toBeTruthy();
    expect(noteOf('Total Customers')).toBe('▲ up 14.3% this month');
    expect(noteOf('Members')).toBe('5 joined this month, ▲ up 66.7% on last month');
    expect(noteOf('Active Now')).toBe('5% of customers');
    const table = await screen.findByRole('table', { name: 'All Customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Username', 'Email', 'Orders', 'Total Spent', 'Is_Admin', 'Actions']);
    expect(within(rowOf('wanjiku')).getByText('No')).toBeTruthy();
    expect(within(rowOf('wanjiku')).getByText('Ksh 12,500')).toBeTruthy();
    expect(
      within(rowOf('wanjiku')).getByRole('link', { name: 'Open wanjiku' }).getAttribute('href'),
    ).toBe('/dashboard/customers/2');
    expect(api.calls).toContain('GET /api/admin/users?limit=10&skip=0');
  });

  it('says so when there is no earlier month to compare with, and when sign-ups fell', async () => {
    api.routes['GET /api/admin/customers/summary'] = () => ({
      body: {
        total_customers: 3,
        members: 0,
        active_now: 0,
        signups_this_month: 3,
        signups_last_month: 0,
        growth_percent: null,
        signups_change_percent: null,
        active_percent: 0,
      },
    });
    api.renderAs(<CustomersPage />);
    expect(await screen.findByText('Total Customers')).toBeTruthy();
    expect(noteOf('Total Customers')).toBe('All joined this month');
    expect(noteOf('Members')).toBe('3 joined this month, none last month');
    cleanup();

    api.routes['GET /api/admin/customers/summary'] = () => ({
      body: {
        total_customers: 30,
        members: 15,
        active_now: 1,
        signups_this_month: 2,
        signups_last_month: 3,
        growth_percent: 7.1,
        signups_change_percent: -33.3,
        active_percent: 3.3,
      },
    });
    api.renderAs(<CustomersPage />);
    expect(await screen.findByText('Total Customers')).toBeTruthy();
    expect(noteOf('Members')).toBe('2 joined this month, ▼ down 33.3% on last month');
  });

  it('updates the row from the server’s answer when rights are granted', async () => {
    api.routes['PATCH /api/admin/users/2'] = (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ is_admin: true });
      return { body: { ...SHOPPER, is_admin: true, role: 'manager' } };
    };
    api.renderAs(<CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Make Admin\W+wanjiku@/ }));
    expect(await screen.findByRole('button', { name: /^Revoke Admin\W+wanjiku@/ })).toBeTruthy();
    expect(within(rowOf('wanjiku')).getByText('Yes')).toBeTruthy();
    expect(await screen.findByText('wanjiku is now an admin.')).toBeTruthy();
  });

  it('shows the server’s refusal to demote the last admin and leaves the row as it was', async () => {
    api.routes['PATCH /api/admin/users/1'] = () => ({
      status: 409,
      body: { error: 'The shop must keep at least one administrator.', code: 'LAST_ADMIN' },
    });
    api.renderAs(<CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Revoke Admin\W+admin@/ }));
    const refusal = await screen.findByText('The shop must keep at least one administrator.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(within(rowOf('admin@duka.test')).getByText('Yes')).toBeTruthy();
  });
});

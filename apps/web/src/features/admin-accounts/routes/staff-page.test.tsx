// The Staff screen against a stand-in API (issue 32): the switch 'Require two-step sign-in' shows
// why the server refused it, and a pending invitation can be withdrawn from the list. Issue 33: an
// invitation is said to be sent only when a mail server will take it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffList } from '@duka/domain';
import { PERMISSIONS } from '@duka/domain/staff/permissions';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import StaffPage from './staff-page.tsx';

type Handler = (init: RequestInit | undefined) => { status?: number; body: unknown };
let routes: Record<string, Handler> = {};
const calls: string[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const OWNER = {
  id: 1,
  username: 'admin',
  email: 'admin@duka.test',
  phone_number: '0700000000',
  is_admin: true,
  role: 'owner',
  permissions: PERMISSIONS,
  two_factor: false,
};
const INVITATION = {
  id: 7,
  email: 'wanjiru@example.co.ke',
  role: 'finance' as const,
  created_at: '2026-11-20T08:00:00Z',
  expires_at: '2026-11-23T08:00:00Z',
  waiting_for_mail: false,
};
let list: StaffList;

beforeEach(() => {
  calls.length = 0;
  setTokens('test-access-token');
  list = {
    staff: [
      {
        id: 1,
        username: 'admin',
        email: OWNER.email,
        role: 'owner',
        two_factor: false,
        last_active_at: null,
      },
    ],
    invitations: [INVITATION],
    require_two_factor: false,
  };
  routes = {
    'GET /api/current_user': () => ({ body: OWNER }),
    'GET /api/admin/staff': () => ({ body: list }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://duka.test').pathname}`;
      calls.push(key);
      const handler = routes[key];
      if (!handler) return json(404, { error: `No stand-in for ${key}`, code: 'NOT_FOUND' });
      const { status = 200, body } = handler(init);
      return json(status, body);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'confirm');
});

/** window.confirm answering `yes` (the test browser has none). */
function askUser(yes: boolean) {
  const confirm = vi.fn((_message?: string) => yes);
  Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
  return confirm;
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <AuthProvider>
          <StaffPage />
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );

describe("the switch 'Require two-step sign-in'", () => {
  it('says why the server refused to turn it on, with the way to Security', async () => {
    const message =
      'Turn on two-step sign-in for yourself first (under Security): once it is required, the back office closes to staff without it, you included.';
    routes['PUT /api/admin/staff/settings'] = () => ({
      status: 409,
      body: { error: message, code: 'MFA_REQUIRED_FIRST' },
    });
    renderPage();
    const toggle = await screen.findByRole('checkbox', {
      name: /Require two-step sign-in for all staff/,
    });
    fireEvent.click(toggle);
    const alert = (await screen.findByText(message, { exact: false })).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(
      within(alert as HTMLElement).getByRole('link', { name: 'Set it up for yourself' }),
    ).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });
});

describe('pending invitations', () => {
  it("are withdrawn with 'Withdraw', after asking, and leave the list", async () => {
    const confirm = askUser(true);
    routes['DELETE /api/admin/staff/invitations/7'] = () => {
      list = { ...list, invitations: [] };
      return { body: { message: 'Invitation withdrawn.' } };
    };
    renderPage();
    expect(await screen.findByText(/wanjiru@example\.co\.ke, as Finance/)).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Withdraw the invitation to wanjiru@example.co.ke' }),
    );
    expect(confirm).toHaveBeenCalledWith('Withdraw the invitation to wanjiru@example.co.ke?');
    expect(
      await screen.findByText(
        'The invitation to wanjiru@example.co.ke is withdrawn: its link no longer works.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('None.')).toBeTruthy();
    expect(calls).toContain('DELETE /api/admin/staff/invitations/7');
  });

  it("show the server's answer when it cannot be withdrawn, and send nothing when not confirmed", async () => {
    const confirm = askUser(false);
    const error =
      'This invitation has been accepted already. To take the access away, remove the person from the staff.';
    routes['DELETE /api/admin/staff/invitations/7'] = () => ({
      status: 409,
      body: { error, code: 'INVITATION_ACCEPTED' },
    });
    renderPage();
    const button = await screen.findByRole('button', {
      name: 'Withdraw the invitation to wanjiru@example.co.ke',
    });
    fireEvent.click(button);
    expect(calls).not.toContain('DELETE /api/admin/staff/invitations/7');
    confirm.mockReturnValue(true);
    fireEvent.click(button);
    expect((await screen.findByText(error)).getAttribute('role')).toBe('alert');
  });
});

describe('inviting someone', () => {
  const invite = async (delivery: 'queued' | 'held') => {
    routes['POST /api/admin/staff/invitations'] = (init) => {
      const { email, role } = JSON.parse(String(init?.body)) as { email: string; role: string };
      return {
        status: 201,
        body: { ...INVITATION, id: 8, email, role, waiting_for_mail: true, delivery },
      };
    };
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'otieno@example.co.ke' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  };

  it("says 'sent' when a mail server will take the invitation", async () => {
    await invite('queued');
    expect(await screen.findByText('Invitation sent to otieno@example.co.ke.')).toBeTruthy();
  });

  it('says it is saved, not sent, while the shop has no mail server', async () => {
    await invite('held');
    expect(
      await screen.findByText(
        'Invitation to otieno@example.co.ke saved: it will be e-mailed when the shop can send mail.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Invitation sent/)).toBeNull();
  });

  it('lists an invitation whose mail has not gone without a date its link does not have', async () => {
    list = { ...list, invitations: [{ ...INVITATION, waiting_for_mail: true }] };
    renderPage();
    expect(
      await screen.findByText('wanjiru@example.co.ke, as Finance (not e-mailed yet)'),
    ).toBeTruthy();
  });
});

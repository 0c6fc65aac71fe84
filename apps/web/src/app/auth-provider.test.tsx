// 'Remember me' (issue 37) against a stand-in API: the box on /login decides where the session is
// kept; a restarted browser with a remembered session signs in silently, without showing a
// shopper's page as logged out first; a remembered session the server has ended is forgotten.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AuthProvider } from './auth-provider.tsx';
import { RequireShopper } from './guards.tsx';
import { useAuth } from '../lib/auth-context.ts';
import { clearTokens, getAccessToken } from '../lib/session-tokens.ts';
import LoginPage from '../features/auth/routes/login-page.tsx';

const REMEMBERED = 'duka:remembered-refresh-token';
const SHOPPER = {
  id: 7,
  username: 'Akinyi',
  email: 'akinyi@example.co.ke',
  phone_number: '0712345678',
  is_admin: false,
  role: null,
  permissions: [],
  two_factor: false,
};

type Handler = (init: RequestInit | undefined) => { status?: number; body: unknown };
let routes: Record<string, Handler> = {};
const calls: string[] = [];
let releaseRefresh: () => void = () => {};

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('alert', () => {});
  routes = {
    'GET /api/settings': () => ({ body: { phone_sign_in: false } }),
    'GET /api/current_user': () => ({ body: SHOPPER }),
    'POST /api/login': () => ({
      body: {
        access_token: 'a-1',
        refresh_token: 'r-1',
        token_type: 'Bearer',
        expires_in: 900,
        user: SHOPPER,
      },
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://duka.test').pathname}`;
      calls.push(`${key} ${new Headers(init?.headers).get('Authorization') ?? ''}`.trim());
      // The refresh answers when the test says, to see what shows meanwhile.
      if (key === 'POST /api/refresh') await new Promise<void>((r) => (releaseRefresh = r));
      const { status = 200, body } = routes[key]?.(init) ?? {
        status: 404,
        body: { error: 'No stand-in', code: 'NOT_FOUND' },
      };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearTokens();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function Who() {
  const { currentUser, logout } = useAuth();
  return (
    <>
      <p>Signed in as {currentUser?.username ?? 'nobody'}</p>
      <button onClick={() => void logout()}>Log out</button>
    </>
  );
}

const renderApp = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/" element={<Who />} />
            <Route element={<RequireShopper />}>
              <Route path="/userprofile/orders" element={<p>My orders</p>} />
            </Route>
          </Routes>
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );

async function logIn(remember: boolean) {
  renderApp('/login');
  fireEvent.change(await screen.findByLabelText('Email'), {
    target: { value: 'akinyi@example.co.ke' },
  });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
    target: { value: 'Secret#2026' },
  });
  if (remember) fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
  await screen.findByText('Signed in as Akinyi');
}

describe("'Remember me' on /login", () => {
  it('ticked, keeps the refresh token where a restarted browser finds it', async () => {
    await logIn(true);
    expect(localStorage.getItem(REMEMBERED)).toBe('r-1');
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
  });

  it('unticked, keeps the session in the tab only and forgets one remembered before', async () => {
    localStorage.setItem(REMEMBERED, 'r-old');
    sessionStorage.setItem('token', 'a-old'); // signed in already: nothing to restore
    await logIn(false);
    expect(sessionStorage.getItem('refresh_token')).toBe('r-1');
    expect(localStorage.getItem(REMEMBERED)).toBeNull();
  });

  it('log-out forgets the remembered session too', async () => {
    routes['POST /api/logout'] = () => ({ body: { message: 'Logged out' } });
    await logIn(true);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByText('Signed in as nobody');
    expect(localStorage.getItem(REMEMBERED)).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});

describe('a restarted browser with a remembered session', () => {
  it('signs in silently, keeps the new refresh token in its place, and shows a shopper page once it has', async () => {
    localStorage.setItem(REMEMBERED, 'r-1');
    routes['POST /api/refresh'] = () => ({
      body: { access_token: 'a-2', refresh_token: 'r-2', token_type: 'Bearer', expires_in: 900 },
    });
    renderApp('/userprofile/orders');
    // While the refresh is on its way: loading, not 'Please log in'.
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByText(/Please log in/)).toBeNull();
    await vi.waitFor(() => expect(calls).toContain('POST /api/refresh Bearer r-1'));
    releaseRefresh();
    expect(await screen.findByText('My orders')).toBeTruthy();
    expect(getAccessToken()).toBe('a-2');
    expect(localStorage.getItem(REMEMBERED)).toBe('r-2');
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
    expect(calls).toContain('GET /api/current_user Bearer a-2');
  });

  it('whose session the server has ended is forgotten, and nobody is signed in', async () => {
    localStorage.setItem(REMEMBERED, 'r-revoked');
    routes['POST /api/refresh'] = () => ({
      status: 401,
      body: { error: 'Your session has ended. Please log in again.', code: 'UNAUTHORIZED' },
    });
    renderApp('/');
    await vi.waitFor(() => expect(calls).toContain('POST /api/refresh Bearer r-revoked'));
    releaseRefresh();
    await vi.waitFor(() => expect(localStorage.getItem(REMEMBERED)).toBeNull());
    expect(await screen.findByText('Signed in as nobody')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });
});

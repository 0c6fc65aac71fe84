// A back-office screen against a stand-in API, for the web tests of the admin-* features: fetch
// answers from the routes a test sets ('GET /api/admin/orders' → a handler), 404 otherwise, and
// the screen renders in the app's real providers as a staff member of a given role.
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { AdminUser } from '@duka/domain';
import { PERMISSIONS, permissionsOf } from '@duka/domain/staff/permissions';
import { AppProviders } from '../app/providers.tsx';
import { AuthProvider } from '../app/auth-provider.tsx';
import { clearTokens, setTokens } from '../lib/session-tokens.ts';

type Handler = (init: RequestInit | undefined) => { status?: number; body: unknown };

export const ADMIN: AdminUser = {
  id: 1,
  username: 'admin',
  email: 'admin@duka.test',
  phone_number: '0700000000',
  is_admin: true,
  role: 'owner',
  created_at: '2026-01-01T00:00:00Z',
  last_active_at: null,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Installs the stand-in API around each test of the calling file. `routes` is what the server
 * answers (reset after each test); `calls` every request made, with its query string.
 */
export function standInApi() {
  const api = { routes: {} as Record<string, Handler>, calls: [] as string[] };
  beforeEach(() => {
    api.calls.length = 0;
    setTokens('test-access-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://duka.test');
        const key = `${init?.method ?? 'GET'} ${url.pathname}`;
        api.calls.push(`${key}${url.search}`);
        const handler = api.routes[key];
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
    api.routes = {};
  });
  /** Renders `page` for a signed-in staff member of `role` (the owner has every permission). */
  const renderAs = (page: ReactNode, role: AdminUser['role'] = 'owner') => {
    api.routes['GET /api/current_user'] = () => ({
      body: { ...ADMIN, role, permissions: role === 'owner' ? PERMISSIONS : permissionsOf(role) },
    });
    return render(
      <MemoryRouter>
        <AppProviders>
          <AuthProvider>{page}</AuthProvider>
        </AppProviders>
      </MemoryRouter>,
    );
  };
  return Object.assign(api, { renderAs });
}

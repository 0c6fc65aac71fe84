// Walks every administrator route the app has (found in its OpenAPI document, so routes added
// later are covered too) as a visitor, a shopper and an admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';

let t: TestContext;
let routes: { method: string; url: string }[];
let shopperUser: LoggedIn;
let adminUser: LoggedIn;

const isAdminRoute = (method: string, path: string) =>
  path.startsWith('/api/admin/') ||
  (path === '/api/products' && method === 'post') ||
  (path === '/api/products/{id}' && method === 'patch') ||
  path === '/api/uploads';

beforeAll(async () => {
  t = await createTestApp();
  shopperUser = await shopper(t.app);
  adminUser = await admin(t.app, t.db);
  const doc = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((method) => isAdminRoute(method, path))
      .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
  );
});
afterAll(() => t.close());

const send = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url.includes('/admin/search') ? `${route.url}?q=a` : route.url,
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

describe('administrator routes', () => {
  it('are all found', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/users',
      'PATCH /api/admin/users/1',
      'GET /api/admin/orders',
      'PATCH /api/admin/orders/1/status',
      'GET /api/admin/reviews',
      'GET /api/admin/payments',
      'GET /api/admin/contacts',
      'GET /api/admin/messages',
      'POST /api/admin/messages/1/reply',
      'GET /api/admin/dashboard',
      'GET /api/admin/search',
      'GET /api/admin/customers/summary',
      'GET /api/admin/outbox',
      'PATCH /api/products/1',
      'POST /api/products',
      'POST /api/uploads',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('answer a visitor 401 and nothing else', async () => {
    for (const route of routes) {
      const res = await send(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(Object.keys(res.json()).sort(), `${route.method} ${route.url}`).toEqual([
        'code',
        'error',
      ]);
    }
  });

  it('answer a shopper 403 and nothing else', async () => {
    for (const route of routes) {
      const res = await send(route, shopperUser.auth);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({
        error: 'This is for administrators only.',
        code: 'FORBIDDEN',
      });
    }
  });

  it('let an admin through', async () => {
    for (const route of routes) {
      const res = await send(route, adminUser.auth);
      expect([401, 403], `${route.method} ${route.url} → ${res.statusCode}`).not.toContain(
        res.statusCode,
      );
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('stop working for an admin whose rights were revoked, at once', async () => {
    const other = await admin(t.app, t.db);
    expect((await t.app.inject({ url: '/api/admin/users', headers: other.auth })).statusCode).toBe(
      200,
    );
    const revoke = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${other.id}`,
      headers: adminUser.auth,
      payload: { is_admin: false },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/users', headers: other.auth })).statusCode).toBe(
      403,
    );
  });
});

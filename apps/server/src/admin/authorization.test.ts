// Walks every administrator route the app has as a visitor, a shopper and each staff role. The
// routes are read from the router itself (not from a list, nor from the OpenAPI document, which a
// route could be hidden from), so routes added later are covered too; the permission each asks
// for is read from its own hook (the route table of decision record 021), so a new admin route
// without one fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES, type Role } from '@duka/domain';
import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { users } from '../auth/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, logIn, shopper, type LoggedIn } from '../../test/accounts.ts';

interface Route {
  method: string;
  /** The path as registered, e.g. /api/admin/users/:id */
  path: string;
  /** The path with every parameter filled in, ready to call. */
  url: string;
}

/**
 * Every route the router holds, from its printed tree: each line is a path segment below its
 * parent (four characters of indent a level) with the methods registered there, e.g.
 * `│   └── /:id (PATCH)`. HEAD twins of GET routes are left out (same handler, no body).
 */
function registeredRoutes(app: App): Route[] {
  const parents: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, path, url: path.replace(/:\w+/g, '1') });
    }
  }
  return routes;
}

/** The back office, product edits and creation (anything but reading), and uploads. */
const isAdminRoute = ({ method, path }: Route) =>
  path.startsWith('/api/admin/') ||
  ((path === '/api/products' || path.startsWith('/api/products/')) && method !== 'GET') ||
  path.startsWith('/api/uploads');

let t: TestContext;
let routes: Route[];
let shopperUser: LoggedIn;
let adminUser: LoggedIn;
const staff = new Map<Role, LoggedIn>();

beforeAll(async () => {
  t = await createTestApp();
  shopperUser = await shopper(t.app);
  adminUser = await admin(t.app, t.db);
  for (const role of ROLES) staff.set(role, await admin(t.app, t.db, role));
  routes = registeredRoutes(t.app).filter(isAdminRoute);
});
afterAll(() => t.close());

const send = (route: Route, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url.includes('/admin/search') ? `${route.url}?q=a` : route.url,
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

describe('administrator routes', () => {
  it('are read from the router with their full paths', () => {
    const all = registeredRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    expect(all).toContain('GET /api/products/:id'); // a shopper's route, nested two levels
    expect(all).toContain('POST /sandbox-pay/:paymentId/approve');
    expect(all).toContain('GET /healthz');
    expect(all).not.toContain('HEAD /healthz');
  });

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

  it('are each documented as needing a bearer token', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const route of routes) {
      const documented =
        doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(documented?.security, `${route.method} ${route.path}`).toEqual([{ bearerAuth: [] }]);
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

  it('each name the permission they need', () => {
    const without = routes
      .filter((r) => !t.app.routePermissions.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
    expect(without, 'admin routes without app.requirePermission(…)').toEqual([]);
    expect(t.app.routePermissions.get('PATCH /api/products/:id')).toBe('products.write');
    expect(t.app.routePermissions.get('GET /api/admin/orders')).toBe('orders.read');
  });

  describe.each(ROLES)('for the %s role', (role) => {
    it('let through exactly the routes whose permission the role has', async () => {
      const who = staff.get(role)!;
      const allowed = new Set(ROLE_PERMISSIONS[role]);
      let refusedCount = 0;
      for (const route of routes) {
        const permission = t.app.routePermissions.get(`${route.method} ${route.path}`)!;
        const res = await send(route, who.auth);
        const label = `${role}: ${route.method} ${route.url} (${permission}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed.has(permission)) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          refusedCount++;
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toEqual({
            error: 'Your role does not allow this.',
            code: 'FORBIDDEN',
          });
        }
      }
      // The owner may do everything; every other role is refused something.
      expect(refusedCount > 0, `${role} refused ${refusedCount}`).toBe(role !== 'owner');
    });
  });

  it("refuse moving an order to 'refunded' to staff who may ship but not refund", async () => {
    const move = (who: LoggedIn, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/orders/999999/status',
        headers: who.auth,
        payload: { status },
      });
    const packer = staff.get('fulfilment')!;
    const refused = await move(packer, 'refunded');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Your role does not allow this.');
    expect((await move(packer, 'shipped')).statusCode).toBe(404); // allowed, no such order
    expect((await move(staff.get('owner')!, 'refunded')).statusCode).toBe(404);
  });

  it('follow a change of role on the next request, without a new log-in', async () => {
    const who = await admin(t.app, t.db, 'catalogue');
    const editLowStock = () =>
      t.app.inject({ url: '/api/admin/low-stock', headers: who.auth }).then((r) => r.statusCode);
    expect(await editLowStock()).toBe(200);
    await t.db.update(users).set({ role: 'fulfilment' }).where(eq(users.id, who.id));
    expect(await editLowStock()).toBe(403);
    const me = (await t.app.inject({ url: '/api/current_user', headers: who.auth })).json();
    expect(me).toMatchObject({ is_admin: true, role: 'fulfilment' });
    expect(me.permissions).toContain('orders.fulfil');
    expect(me.permissions).not.toContain('products.write');
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
    // Every session of theirs ended with the change (issue 32); a new one opens nothing here.
    expect((await t.app.inject({ url: '/api/admin/users', headers: other.auth })).statusCode).toBe(
      401,
    );
    const again = await logIn(t.app, other.email);
    expect((await t.app.inject({ url: '/api/admin/users', headers: again.auth })).statusCode).toBe(
      403,
    );
  });
});

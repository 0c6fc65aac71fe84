// 'Require two-step sign-in' (issue 32, finding 5): one gate for every staff permission. Walks the
// route table (every route that asks for a permission, read from its own hook, under /api/admin or
// not) with the setting on, as an owner (every permission) without two-step sign-in: each
// staff-only route answers 403 MFA_SETUP_REQUIRED, and a route open to a record's owner or to staff
// gives nothing of someone else's record. Then the switch itself: turning it on needs two-step
// sign-in of whoever turns it on; turning it off is always allowed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, turnOnTwoFactor, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product } from '../../test/checkout-fixture.ts';
import { staffSettings } from '../staff/schema.ts';

const MFA_SETUP_REQUIRED = {
  error: 'The shop asks all staff to turn on two-step sign-in. Please set it up under Security.',
  code: 'MFA_SETUP_REQUIRED',
};

let t: TestContext;
let owner: LoggedIn;
let buyer: LoggedIn;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await admin(t.app, t.db);
  buyer = await shopper(t.app);
  orderId = await buyAndPay(t.app, t.db, buyer, [
    [await product(t.db, { priceCents: 150_000, stock: 5 }), 1],
  ]);
  await t.app.invoices.send();
});
afterAll(() => t.close());

/** The setting, written straight into the database (the switch has its own tests below). */
const requireTwoFactor = (on: boolean) =>
  t.db
    .insert(staffSettings)
    .values({ id: 1, requireTwoFactor: on })
    .onConflictDoUpdate({ target: staffSettings.id, set: { requireTwoFactor: on } });
const setting = async () =>
  (await t.db.select().from(staffSettings).where(eq(staffSettings.id, 1)))[0]?.requireTwoFactor;

const call = (method: string, url: string, who?: LoggedIn, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

/** Every route in the route table but HEAD twins, with its rule. */
const table = () =>
  [...t.app.routeRules]
    .map(([key, rule]) => {
      const [method, path] = key.split(' ') as [string, string];
      return { method, path, rule };
    })
    .filter((r) => r.method !== 'HEAD');

describe('with two-step sign-in required', () => {
  beforeEach(() => requireTwoFactor(true));

  it('the route table holds both kinds, receipts among them', () => {
    const rules = Object.fromEntries(table().map((r) => [`${r.method} ${r.path}`, r.rule]));
    expect(rules['GET /api/admin/dashboard']).toEqual({
      permission: 'dashboard.read',
      access: 'staff',
    });
    for (const receipt of ['GET /api/orders/:id/receipt', 'GET /api/orders/:id/receipt.pdf']) {
      expect(rules[receipt]).toEqual({ permission: 'invoices.read', access: 'owner-or-staff' });
      expect(t.app.routePermissions.get(receipt)).toBe('invoices.read');
    }
    // The one route whose handler applies the gate itself: the switch, to turn it off.
    expect(
      table()
        .filter((r) => r.rule.gateInHandler)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual(['PUT /api/admin/staff/settings']);
  });

  it('every staff-only route answers staff without it 403 MFA_SETUP_REQUIRED', async () => {
    const staffOnly = table().filter((r) => r.rule.access === 'staff' && !r.rule.gateInHandler);
    expect(staffOnly.length).toBeGreaterThan(50);
    for (const route of staffOnly) {
      const res = await call(route.method, route.path.replace(/:\w+/g, '1'), owner);
      const label = `${route.method} ${route.path} (${route.rule.permission}) → ${res.statusCode}`;
      expect(res.statusCode, label).toBe(403);
      expect(res.json(), label).toEqual(MFA_SETUP_REQUIRED);
    }
  });

  it("every owner-or-staff route gives staff without it nothing of someone else's record", async () => {
    const ownerOrStaff = table().filter((r) => r.rule.access === 'owner-or-staff');
    expect(ownerOrStaff.length).toBeGreaterThan(0);
    for (const route of ownerOrStaff) {
      // The record is the buyer's order: the buyer reads it, the owner without 2FA may not.
      const url = route.path.replace(/:\w+/g, String(orderId));
      const label = `${route.method} ${url}`;
      expect((await call(route.method, url, buyer)).statusCode, label).toBe(200);
      const res = await call(route.method, url, owner);
      expect(res.statusCode, label).toBe(403);
      expect(res.json(), label).toEqual(MFA_SETUP_REQUIRED);
    }
  });

  it("refuses finance the receipt of someone else's order until they set it up", async () => {
    const finance = await admin(t.app, t.db, 'finance');
    for (const url of [`/api/orders/${orderId}/receipt`, `/api/orders/${orderId}/receipt.pdf`]) {
      const refused = await call('GET', url, finance);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual(MFA_SETUP_REQUIRED);
    }
    // Not a refusal of receipts as such: with two-step sign-in on, finance reads it.
    await turnOnTwoFactor(t.app, finance);
    expect((await call('GET', `/api/orders/${orderId}/receipt`, finance)).statusCode).toBe(200);
    expect((await call('GET', `/api/orders/${orderId}/receipt.pdf`, finance)).statusCode).toBe(200);
  });

  it("lets staff without it read their own order's receipt (theirs, not staff access)", async () => {
    const clerk = await admin(t.app, t.db, 'catalogue');
    const own = await buyAndPay(t.app, t.db, clerk, [
      [await product(t.db, { priceCents: 20_000, stock: 5 }), 1],
    ]);
    expect((await call('GET', `/api/orders/${own}/receipt`, clerk)).statusCode).toBe(200);
    // And a shopper still learns nothing of an order not theirs.
    expect((await call('GET', `/api/orders/${own}/receipt`, buyer)).statusCode).toBe(404);
  });
});

describe("the switch 'Require two-step sign-in'", () => {
  const turn = (who: LoggedIn, on: boolean) =>
    call('PUT', '/api/admin/staff/settings', who, { require_two_factor: on });

  it('is refused to someone without two-step sign-in, saying why', async () => {
    await requireTwoFactor(false);
    const res = await turn(owner, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'MFA_REQUIRED_FIRST',
      error:
        'Turn on two-step sign-in for yourself first (under Security): once it is required, the back office closes to staff without it, you included.',
    });
    expect(await setting()).toBe(false);
  });

  it('turns on for someone with two-step sign-in, and off for anyone who may change it', async () => {
    await requireTwoFactor(false);
    const careful = await admin(t.app, t.db);
    await turnOnTwoFactor(t.app, careful);
    expect((await turn(careful, true)).statusCode).toBe(200);
    expect(await setting()).toBe(true);
    // An owner without it is kept out of the back office, and may not turn it on again…
    expect((await call('GET', '/api/admin/staff', owner)).json()).toEqual(MFA_SETUP_REQUIRED);
    expect((await turn(owner, true)).json()).toEqual(MFA_SETUP_REQUIRED);
    // …but may always turn it off.
    const off = await turn(owner, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(await setting()).toBe(false);
    // Those who may not change settings may not turn it off either.
    await requireTwoFactor(true);
    const manager = await admin(t.app, t.db, 'manager');
    expect((await turn(manager, false)).json()).toEqual({
      error: 'Your role does not allow this.',
      code: 'FORBIDDEN',
    });
    expect((await turn(buyer, false)).statusCode).toBe(403);
    expect(await setting()).toBe(true);
    await requireTwoFactor(false);
  });
});

// Customers in the back office (issue 25): each account's orders and spend on the list, and a
// customer's page with orders, addresses and consents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';

let t: TestContext;
let support: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  support = await admin(t.app, t.db, 'support');
});
afterAll(() => t.close());

const get = (url: string, who: LoggedIn = support) =>
  t.app.inject({ url, headers: who.auth }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('customers', () => {
  it("show each account's orders and what the paid ones came to, on the list and the page", async () => {
    const who = await shopper(t.app, { marketing_consent: true });
    const productId = await product(t.db, { priceCents: 10_000, stock: 10 });
    await insertOrder(t.db, { userId: who.id, productId, status: 'paid', totalCents: 250_000 });
    await insertOrder(t.db, {
      userId: who.id,
      productId,
      status: 'delivered',
      totalCents: 100_000,
    });
    await insertOrder(t.db, {
      userId: who.id,
      productId,
      status: 'pending_payment',
      totalCents: 70_000,
    });
    await insertOrder(t.db, { userId: who.id, productId, status: 'refunded', totalCents: 30_000 });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: who.auth,
      payload: {
        name: 'Wanjiru Kamau',
        street_address: 'Moi Avenue 12',
        city: 'Nairobi',
        county: 'Nairobi',
        phone: '0712 345 678',
      },
    });
    expect(saved.statusCode).toBe(201);

    const list = await get('/api/admin/users?limit=100');
    expect(list.status).toBe(200);
    const row = list.body.users.find((u: { id: number }) => u.id === who.id);
    expect(row).toMatchObject({ orders_count: 4, total_spent_cents: 350_000 });
    const staffRow = list.body.users.find((u: { id: number }) => u.id === support.id);
    expect(staffRow).toMatchObject({ orders_count: 0, total_spent_cents: 0 });

    const page = await get(`/api/admin/customers/${who.id}?limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.customer).toMatchObject({ id: who.id, email: who.email, orders_count: 4 });
    expect(page.body.marketing_consent_at).toEqual(expect.any(String));
    expect(page.body.addresses).toEqual([
      expect.objectContaining({ street_address: 'Moi Avenue 12', is_default: true }),
    ]);
    expect(page.body.orders.total).toBe(4);
    expect(page.body.orders.orders).toHaveLength(2);
    expect(page.body).not.toHaveProperty('customer.password_hash');
  });

  it('answer 404 for an unknown customer and 403 to staff who may not read customers', async () => {
    expect((await get('/api/admin/customers/999999')).status).toBe(404);
    const packer = await admin(t.app, t.db, 'fulfilment');
    const who = await shopper(t.app);
    expect((await get(`/api/admin/customers/${who.id}`, packer)).status).toBe(403);
  });
});

// Saved addresses (issue 22): own only, one default, bad input named, kept in the data export and
// gone with the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { eq } from 'drizzle-orm';
import { PASSWORD, shopper, type LoggedIn } from '../../test/accounts.ts';
import { addresses } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = {
  name: 'Wanjiru Kamau',
  street_address: 'Moi Avenue 12',
  city: 'Nairobi',
  county: 'Nairobi',
  phone: '0712 345 678',
};

const add = (who: LoggedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/addresses', headers: who.auth, payload });
const list = async (who: LoggedIn) =>
  (await t.app.inject({ url: '/api/addresses', headers: who.auth })).json();

describe('saved addresses', () => {
  it('keep one default: the first, or the one chosen; removing it passes it on', async () => {
    const who = await shopper(t.app);
    const first = await add(who, home);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      county: '047',
      phone: '254712345678',
      is_default: true,
      zip_code: null,
    });
    const office = (await add(who, { ...home, street_address: 'Kimathi Street 3' })).json();
    expect(office.is_default).toBe(false);
    const cottage = (
      await add(who, { ...home, street_address: 'Lake Road 1', county: '032', is_default: true })
    ).json();
    expect((await list(who)).map((a: { id: number }) => a.id)).toEqual([
      cottage.id,
      office.id,
      first.json().id,
    ]);
    expect((await list(who)).filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${office.id}`,
      headers: who.auth,
      payload: { is_default: true, apartment_number: 'Floor 3' },
    });
    expect(changed.json()).toMatchObject({ is_default: true, apartment_number: 'Floor 3' });
    await t.app.inject({ method: 'DELETE', url: `/api/addresses/${office.id}`, headers: who.auth });
    const left = await list(who);
    expect(left).toHaveLength(2);
    expect(left[0]).toMatchObject({ id: cottage.id, is_default: true });
  });

  it('saved at once, still have exactly one default and stay within the limit', async () => {
    const who = await shopper(t.app);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => add(who, { ...home, street_address: `Road ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(4);
    const saved = await list(who);
    expect(saved).toHaveLength(20);
    expect(saved.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
  });

  it("are their owner's only: anyone else's is a 404", async () => {
    const owner = await shopper(t.app);
    const other = await shopper(t.app);
    const mine = (await add(owner, home)).json();
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/addresses/${mine.id}`,
        headers: other.auth,
        ...(method === 'PATCH' ? { payload: { city: 'Thika' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await list(other)).toEqual([]);
    expect((await list(owner))[0].city).toBe('Nairobi');
    expect((await t.app.inject({ url: '/api/addresses' })).statusCode).toBe(401);
  });

  it('name each bad field', async () => {
    const who = await shopper(t.app);
    const bad = await add(who, {
      name: '',
      street_address: 'x',
      city: 'y',
      county: 'Narnia',
      phone: '1',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['county', 'name', 'phone']);
  });

  it('are in the data export and go with the account', async () => {
    const who = await shopper(t.app);
    await add(who, home);
    const exported = (await t.app.inject({ url: '/api/profile/export', headers: who.auth })).json();
    expect(exported.addresses.saved).toEqual([
      expect.objectContaining({ street_address: 'Moi Avenue 12' }),
    ]);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: who.auth,
      payload: { currentPassword: PASSWORD },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, who.id))).toEqual([]);
  });
});

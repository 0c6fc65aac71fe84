// The last-admin rule as a service function, including two admins demoting each other at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { shopper } from '../../test/accounts.ts';
import { users } from '../db/schema.ts';
import { setAdminRights } from './admin-service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function admins(): Promise<number> {
  return (await t.db.select().from(users).where(eq(users.isAdmin, true))).length;
}

describe('setAdminRights', () => {
  it('never leaves the shop without an administrator, even when two demote each other at once', async () => {
    const a = await shopper(t.app);
    const b = await shopper(t.app);
    await setAdminRights(t.db, a.id, true);
    await setAdminRights(t.db, b.id, true);
    const results = await Promise.allSettled([
      setAdminRights(t.db, a.id, false),
      setAdminRights(t.db, b.id, false),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    expect(await admins()).toBe(1);
  });

  it('answers 404 for an account that does not exist, and changes nothing', async () => {
    const before = await admins();
    await expect(setAdminRights(t.db, 999_999, true)).rejects.toMatchObject({ statusCode: 404 });
    expect(await admins()).toBe(before);
  });
});

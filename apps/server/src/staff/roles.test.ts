// The last-owner rule as a service function, including two owners demoting each other at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { shopper } from '../../test/accounts.ts';
import { users } from '../auth/schema.ts';
import { changeRole, setAdminRights } from './roles.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owners(): Promise<number> {
  return (await t.db.select().from(users).where(eq(users.role, 'owner'))).length;
}

describe('roles', () => {
  it('never leave the shop without an owner, even when two demote each other at once', async () => {
    const a = await shopper(t.app);
    const b = await shopper(t.app);
    await t.db.transaction((tx) => changeRole(tx, a.id, 'owner'));
    await t.db.transaction((tx) => changeRole(tx, b.id, 'owner'));
    const before = await owners();
    const results = await Promise.allSettled([
      setAdminRights(t.db, a.id, false),
      setAdminRights(t.db, b.id, false),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, code: 'LAST_OWNER' });
    expect(await owners()).toBe(before - 1);
    expect(before - 1).toBeGreaterThanOrEqual(1);
  });

  it("'Make Admin' gives a shopper the manager's role and leaves staff in theirs", async () => {
    const a = await shopper(t.app);
    expect((await setAdminRights(t.db, a.id, true)).after.role).toBe('manager');
    await t.db.transaction((tx) => changeRole(tx, a.id, 'finance'));
    expect((await setAdminRights(t.db, a.id, true)).after.role).toBe('finance');
    const revoked = await setAdminRights(t.db, a.id, false);
    expect(revoked.after).toMatchObject({ role: null, isAdmin: false });
  });

  it('answers 404 for an account that does not exist, and changes nothing', async () => {
    const before = await owners();
    await expect(setAdminRights(t.db, 999_999, true)).rejects.toMatchObject({ statusCode: 404 });
    expect(await owners()).toBe(before);
  });
});

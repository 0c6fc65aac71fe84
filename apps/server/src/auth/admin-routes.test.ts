// The back office's customers: granting and revoking admin rights, the list, and the figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, logIn, shopper, type LoggedIn } from '../../test/accounts.ts';
import { users } from './schema.ts';
import { customersSummary } from './admin-service.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const get = (url: string, who: LoggedIn = boss) =>
  t.app.inject({ url, headers: who.auth }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('customers', () => {
  it('grants and revokes admin rights (a manager), but never removes the last owner', async () => {
    const ctx = await createTestApp();
    try {
      const only = await admin(ctx.app, ctx.db);
      const someone = await shopper(ctx.app);
      const call = (id: number, is_admin: boolean, who = only) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          headers: who.auth,
          payload: { is_admin },
        });
      const demoteSelf = await call(only.id, false);
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json()).toMatchObject({
        code: 'LAST_OWNER',
        error: 'The shop must keep at least one owner.',
      });
      expect((await call(someone.id, true)).json()).toMatchObject({
        id: someone.id,
        is_admin: true,
        role: 'manager',
      });
      // A manager may not make or revoke admins (staff.manage is the owner's). The change ended
      // the sessions they had as a shopper: they log in again.
      expect((await call(only.id, false, someone)).statusCode).toBe(401);
      const manager = await logIn(ctx.app, someone.email);
      expect((await call(only.id, false, manager)).statusCode).toBe(403);
      expect((await call(someone.id, false)).json()).toMatchObject({ is_admin: false, role: null });
      expect((await call(999_999, true)).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('lists accounts 10 a page', async () => {
    for (let i = 0; i < 11; i++) await shopper(t.app);
    const first = await get('/api/admin/users');
    expect(first.body.users).toHaveLength(10);
    expect(first.body.total).toBeGreaterThanOrEqual(12);
    const second = await get(`/api/admin/users?skip=10`);
    expect(second.body.users[0].id).toBeGreaterThan(first.body.users[9].id);
    expect(first.body.users[0]).not.toHaveProperty('password_hash');
  });

  it('computes the figures: members, active now and this month', async () => {
    const ctx = await createTestApp();
    try {
      const now = new Date('2026-11-22T12:00:00Z');
      const people = Array.from({ length: 20 }, (_, i) => ({
        username: `u${i}`,
        email: `u${i}@example.co.ke`,
        phoneNumber: '0700000000',
        passwordHash: 'x',
        // 4 joined in November (Nairobi time), 6 in October, the rest earlier.
        createdAt: new Date(
          i < 4 ? '2026-11-05T10:00:00Z' : i < 10 ? '2026-10-10T10:00:00Z' : '2026-05-01T10:00:00Z',
        ),
        lastActiveAt:
          i < 3 ? new Date(now.getTime() - 5 * 60_000) : new Date(now.getTime() - 11 * 60_000),
      }));
      await ctx.db.insert(users).values(people);
      expect(await customersSummary(ctx.db, now)).toEqual({
        total_customers: 20,
        members: 5,
        active_now: 3,
        signups_this_month: 4,
        signups_last_month: 6,
        growth_percent: 25, // 4 new on a base of 16
        signups_change_percent: -33.3, // 4 this month against 6 last month
        active_percent: 15,
      });
    } finally {
      await ctx.close();
    }
  });

  it('has no percentages to give when there is no earlier month to compare with', async () => {
    const ctx = await createTestApp();
    try {
      const first = await shopper(ctx.app);
      await shopper(ctx.app);
      await ctx.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, first.id));
      const summary = await customersSummary(ctx.db);
      expect(summary).toMatchObject({
        total_customers: 2,
        members: 0, // never below 0
        signups_this_month: 2,
        signups_last_month: 0,
        growth_percent: null,
        signups_change_percent: null,
      });
      // Through the API too, for an admin (who is the third account, active now).
      const me = await admin(ctx.app, ctx.db);
      const res = await ctx.app.inject({ url: '/api/admin/customers/summary', headers: me.auth });
      expect(res.json()).toMatchObject({ total_customers: 3, active_now: 2 });
    } finally {
      await ctx.close();
    }
  });
});

describe('accounts in the database', () => {
  it('keep the admin flag only where it was granted', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.isAdmin).toBe(true);
  });
});

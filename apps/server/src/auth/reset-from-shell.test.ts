// `npm run admin -- reset-password <email>`: the owner who lost the password gets back in from the
// machine's shell. The new password works and the old one does not, every session ends, the audit
// log says the shell did it; an unknown e-mail changes nothing.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, logIn, PASSWORD, type LoggedIn } from '../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { verifyAuditChain } from '../audit/verify.ts';
import { sessions, users } from './schema.ts';
import { auditLog } from '../audit/schema.ts';
import { rateLimits } from '../limits/schema.ts';
import { Limiter } from '../limits/limiter.ts';
import { pgLimitStore } from '../limits/pg-store.ts';
import { NoSuchAccountError, resetPasswordFromShell } from './reset-from-shell.ts';

let t: TestContext;
let owner: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await admin(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const loginRule = () => t.app.limits.rules.loginAccount;

async function openSessions(userId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row!.n;
}

describe('resetting a password from the shell', () => {
  it('sets a new random password, ends every session, forgets failed log-ins and is audited', async () => {
    // A second log-in, and a wrong password tried once.
    await logIn(t.app, owner.email);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: 'Not#ThePassword1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await openSessions(owner.id)).toBe(2);

    const reset = await resetPasswordFromShell(t.db, owner.email.toUpperCase(), {
      failedLogins: { limiter: new Limiter(pgLimitStore(t.db)), rule: loginRule() },
    });
    expect(reset).toMatchObject({ userId: owner.id, email: owner.email });
    expect(reset.password).not.toBe(PASSWORD);
    expect(reset.password.length).toBeGreaterThanOrEqual(16);

    // Every session ended: the access token from before is refused.
    expect(await openSessions(owner.id)).toBe(0);
    const before = await t.app.inject({ method: 'GET', url: '/api/profile', headers: owner.auth });
    expect(before.statusCode).toBe(401);
    // The old password no longer works; the new one does.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const again = await logIn(t.app, owner.email, reset.password);
    expect(again.id).toBe(owner.id);

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.password.reset_from_shell'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      actorId: null,
      actorEmail: null,
      ip: null,
      entity: 'user',
      entityId: String(owner.id),
      after: { password: 'changed', sessions: 'ended' },
    });
    expect(JSON.stringify(row)).not.toContain(reset.password);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('forgets the failed log-ins counted against the account', async () => {
    const limiter = new Limiter(pgLimitStore(t.db));
    await limiter.consume(loginRule(), owner.email);
    const rowsOf = async () => (await t.db.select({ n: count() }).from(rateLimits))[0]!.n;
    const counted = await rowsOf();
    await resetPasswordFromShell(t.db, owner.email, {
      failedLogins: { limiter, rule: loginRule() },
    });
    expect(await rowsOf()).toBe(counted - 1);
  });

  it('says when no account has the e-mail, and changes nothing', async () => {
    const hashesBefore = await t.db.select({ hash: users.passwordHash }).from(users);
    const [auditBefore] = await t.db.select({ n: count() }).from(auditLog);
    await expect(resetPasswordFromShell(t.db, 'nobody@duka.test')).rejects.toThrow(
      NoSuchAccountError,
    );
    await expect(resetPasswordFromShell(t.db, 'nobody@duka.test')).rejects.toThrow(
      'No account has the e-mail nobody@duka.test.',
    );
    const hashesAfter = await t.db.select({ hash: users.passwordHash }).from(users);
    const [auditAfter] = await t.db.select({ n: count() }).from(auditLog);
    expect(hashesAfter).toEqual(hashesBefore);
    expect(auditAfter!.n).toBe(auditBefore!.n);
  });
});

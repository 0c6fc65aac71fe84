// A way back in for whoever runs the shop's machine (issue 33): an owner who lost the password
// printed on the first start, with no mail to send a reset link through. Whoever can run commands
// there can read the database anyway, so the shell is trusted as the actor; the audit log records
// that the change came from it (no person, no address). The new password is random unless given,
// every session of the account ends, any reset link still out stops working, and failed log-ins
// counted against the account are forgotten.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordSchema } from '@duka/domain';
import { AuditTrail } from '../audit/trail.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, users } from './schema.ts';
import type { Limiter, LimitRule } from '../limits/limiter.ts';
import { endSessions } from './end-sessions.ts';
import { hashPassword } from './password.ts';

export const SHELL_RESET_ACTION = 'user.password.reset_from_shell';

/** The account asked for does not exist; nothing was changed. */
export class NoSuchAccountError extends Error {}

/** Letters, digits and a symbol: it meets the sign-up password rule. */
export const randomPassword = () => `${randomBytes(12).toString('base64url')}#7a`;

export async function resetPasswordFromShell(
  db: Db,
  email: string,
  options: {
    password?: string;
    /** With the shop's log-in rule: the account's failed log-ins are forgotten. */
    failedLogins?: { limiter: Limiter; rule: LimitRule };
  } = {},
): Promise<{ userId: number; email: string; password: string }> {
  const password = options.password ?? randomPassword();
  const rule = passwordSchema.safeParse(password);
  if (!rule.success) throw new Error(rule.error.issues[0]?.message ?? 'That password is too weak.');
  const address = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const [found] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.email, address), isNull(users.erasedAt)))
      .returning({ id: users.id });
    if (!found) throw new NoSuchAccountError(`No account has the e-mail ${address}.`);
    await endSessions(tx, found.id, 'password reset from the shell');
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, found.id), isNull(passwordResets.usedAt)));
    const shell = new AuditTrail({ id: null, email: null, role: null, ip: null, requestId: null });
    await shell.record(tx, {
      action: SHELL_RESET_ACTION,
      entity: 'user',
      entityId: found.id,
      after: { password: 'changed', sessions: 'ended' },
    });
    return found;
  });
  if (options.failedLogins) {
    await options.failedLogins.limiter.reset(options.failedLogins.rule, address);
  }
  return { userId: user.id, email: address, password };
}

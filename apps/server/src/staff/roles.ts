// Who is staff and in which role. Roles change in a transaction that locks the owners first, so
// two owners demoting each other at once cannot leave the shop without one. A change of role ends
// the person's sessions (but the one making the change): what they signed in as no longer holds.
import { and, count, eq, ne } from 'drizzle-orm';
import type { Role } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../auth/schema.ts';
import { conflict, found } from '../lib/http-error.ts';
import { endSessions } from '../auth/end-sessions.ts';
import type { AuditTrail } from '../audit/trail.ts';

export type UserRow = typeof users.$inferSelect;

export const LAST_OWNER = 'The shop must keep at least one owner.';
export const NO_STAFF_LOG_IN =
  'This account has no e-mail and password yet, and staff sign in with them. Ask the person to add both on their profile first.';

/**
 * Gives the account `role` (null: no staff access) inside `tx`, or the role `next` makes of its
 * current one (it may throw to refuse); 409 LAST_OWNER when that would leave no owner. Ends every
 * session of the account but `keepSession` (the caller's own). Returns the row before and after.
 */
export async function changeRole(
  tx: Tx,
  id: number,
  to: Role | null | ((current: Role | null, account: UserRow) => Role | null),
  keepSession?: string,
): Promise<{ before: UserRow; after: UserRow }> {
  await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).for('update');
  const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  const before = found(target, `The account ${id}`);
  const role = typeof to === 'function' ? to(before.role, before) : to;
  if (before.role === 'owner' && role !== 'owner') {
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'owner'), ne(users.id, id)));
    if ((others?.n ?? 0) === 0) throw conflict(LAST_OWNER, 'LAST_OWNER');
  }
  if (before.role === role) return { before, after: before };
  const [after] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
  await endSessions(tx, id, role === null ? 'staff access removed' : 'role changed', keepSession);
  return { before, after: after! };
}

/**
 * The specification's 'Make Admin' and 'Revoke Admin': a shopper made admin becomes a manager
 * (staff keep their role); revoking takes staff access away. Either ends the person's sessions.
 */
export function setAdminRights(
  db: Db | Tx,
  id: number,
  makeAdmin: boolean,
  audit?: AuditTrail,
  keepSession?: string,
) {
  return db.transaction(async (tx) => {
    const changed = await changeRole(
      tx,
      id,
      (current, account) => {
        if (!makeAdmin) return null;
        if (current) return current;
        // Staff sign in with e-mail and password; an account made by phone has neither yet.
        if (!account.email || !account.passwordHash) throw conflict(NO_STAFF_LOG_IN, 'NO_LOG_IN');
        return 'manager';
      },
      keepSession,
    );
    await audit?.record(tx, {
      action: 'staff.role.update',
      entity: 'user',
      entityId: id,
      before: { role: changed.before.role },
      after: { role: changed.after.role },
    });
    return changed;
  });
}

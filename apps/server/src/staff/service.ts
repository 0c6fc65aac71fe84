// The Staff screen's data and changes: who is staff, pending invitations, roles, removal and the
// shop's two-step setting. Each change is audited in its own transaction.
import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Role, StaffList } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { staffInvitations, staffSettings } from './schema.ts';
import { users } from '../auth/schema.ts';
import { conflict, notFound } from '../lib/http-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { openInvitation, waitingForMail } from './invitations.ts';
import { changeRole } from './roles.ts';

export async function listStaff(db: Db, now = new Date()): Promise<StaffList> {
  const [staff, invitations, [settings]] = await Promise.all([
    db.select().from(users).where(isNotNull(users.role)).orderBy(asc(users.id)),
    db
      .select()
      .from(staffInvitations)
      .where(openInvitation(now))
      .orderBy(desc(staffInvitations.id)),
    db.select().from(staffSettings).where(eq(staffSettings.id, 1)),
  ]);
  return {
    staff: staff.map((u) => ({
      id: u.id,
      username: u.username,
      // Staff join by an e-mail invitation, or are made admin only with an e-mail (roles.ts).
      email: u.email!,
      role: u.role!,
      two_factor: u.totpEnabledAt !== null,
      last_active_at: u.lastActiveAt?.toISOString() ?? null,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
      waiting_for_mail: waitingForMail(i),
    })),
    require_two_factor: settings?.requireTwoFactor ?? false,
  };
}

/**
 * A new role for a staff member (404 for anyone not on the staff; 409 LAST_OWNER), or none
 * (removal). Either ends every session of theirs at once, but `keepSession` (the caller's own).
 */
export async function setStaffRole(
  db: Db,
  userId: number,
  role: Role | null,
  audit: AuditTrail,
  keepSession?: string,
) {
  await db.transaction(async (tx) => {
    const { before, after } = await changeRole(
      tx,
      userId,
      (current) => {
        if (!current) throw notFound(`A staff member ${userId}`);
        return role;
      },
      keepSession,
    );
    await audit.record(tx, {
      action: role === null ? 'staff.remove' : 'staff.role.update',
      entity: 'user',
      entityId: userId,
      before: { role: before.role },
      after: { role: after.role },
    });
  });
}

export const MFA_REQUIRED_FIRST =
  'Turn on two-step sign-in for yourself first (under Security): once it is required, the back office closes to staff without it, you included.';

/**
 * The shop's 'require two-step sign-in'. Turning it on is refused (409 MFA_REQUIRED_FIRST) until
 * the person turning it on uses two-step sign-in; turning it off is always allowed.
 */
export async function setRequireTwoFactor(
  db: Db,
  required: boolean,
  actorId: number,
  audit: AuditTrail,
) {
  await db.transaction(async (tx) => {
    if (required) {
      const [actor] = await tx
        .select({ on: users.totpEnabledAt })
        .from(users)
        .where(eq(users.id, actorId));
      if (!actor?.on) throw conflict(MFA_REQUIRED_FIRST, 'MFA_REQUIRED_FIRST');
    }
    const [before] = await tx
      .select()
      .from(staffSettings)
      .where(eq(staffSettings.id, 1))
      .for('update');
    await tx
      .insert(staffSettings)
      .values({ id: 1, requireTwoFactor: required })
      .onConflictDoUpdate({
        target: staffSettings.id,
        set: { requireTwoFactor: required, updatedAt: new Date() },
      });
    await audit.record(tx, {
      action: 'settings.staff.update',
      entity: 'settings',
      entityId: 'staff',
      before: { require_two_factor: before?.requireTwoFactor ?? false },
      after: { require_two_factor: required },
    });
  });
}

// Staff invitations (issue 25). Like a password reset, the link is made only when the outbox
// sends the mail (the message names its invitation): the token's SHA-256 hash is stored on the
// invitation, the token itself never (not in the outbox; in the log only outside production).
// The link works once, for 72 hours from when it is sent: an invitation whose mail waits for a
// mail server stays open until it goes. A newer invitation to the same address ends the older,
// and an open one can be withdrawn.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  meetsPasswordRule,
  ROLE_LABELS,
  type AcceptInvitation,
  type InvitationView,
  type Role,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { staffInvitations } from './schema.ts';
import { users } from '../auth/schema.ts';
import { conflict, HttpError, notFound } from '../lib/http-error.ts';
import type { Limits } from '../limits/plugin.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { verifyPassword } from '../auth/password.ts';
import { register } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import { nairobiDateTime } from '../outbox/format.ts';
import { button, emailHtml, paragraph, textFooter } from '../outbox/layout.ts';
import { enqueueEmail, PUBLIC_URL } from '../outbox/service.ts';
import type { Renderer } from '../outbox/worker.ts';
import { changeRole } from './roles.ts';

export const INVITATION_KIND = 'staff-invitation';
const SUBJECT = 'You are invited to run a Duka shop';
export const INVITATION_HOURS = 72;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid, has been used or has expired. Ask for a new one.',
  alreadyStaff: 'This person is already on the staff.',
  wrongPassword: 'That is not the password of this account.',
  detailsNeeded: 'Choose a username and give a phone number to make your account.',
  alreadyAccepted:
    'This invitation has been accepted already. To take the access away, remove the person from the staff.',
  notPending: 'This invitation has already been withdrawn, replaced or has expired.',
} as const;

const invalid = () => new HttpError(410, 'INVITATION_INVALID', INVITATION_MESSAGES.invalid);

/** POST /api/admin/staff/invitations: records the invitation and queues its mail. */
export async function invite(
  db: Db,
  input: { email: string; role: Role },
  invitedBy: number,
  audit: AuditTrail,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing?.role) throw conflict(INVITATION_MESSAGES.alreadyStaff, 'ALREADY_STAFF');
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.email, input.email), openInvitation(now)));
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        role: input.role,
        // A placeholder nobody can present: the real token is made when the mail is sent.
        tokenHash: `${UNSENT}${randomUUID()}`,
        invitedBy,
        expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
      })
      .returning();
    await enqueueEmail(tx, {
      kind: INVITATION_KIND,
      to: input.email,
      subject: SUBJECT,
      text: '',
      refId: row!.id,
    });
    await audit.record(tx, {
      action: 'staff.invite',
      entity: 'staff_invitation',
      entityId: row!.id,
      after: { email: input.email, role: input.role },
    });
    return row!;
  });
}

/**
 * DELETE /api/admin/staff/invitations/{id}: the link stops working at once (and an unsent mail is
 * never sent). 404 for no such invitation; 409 for one accepted, withdrawn or expired.
 */
export async function withdrawInvitation(db: Db, id: number, audit: AuditTrail, now = new Date()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, id))
      .for('update');
    if (!row) throw notFound(`The invitation ${id}`);
    if (row.acceptedAt) throw conflict(INVITATION_MESSAGES.alreadyAccepted, 'INVITATION_ACCEPTED');
    if (row.revokedAt || (row.expiresAt <= now && !waitingForMail(row))) {
      throw conflict(INVITATION_MESSAGES.notPending, 'INVITATION_NOT_PENDING');
    }
    await tx.update(staffInvitations).set({ revokedAt: now }).where(eq(staffInvitations.id, id));
    await audit.record(tx, {
      action: 'staff.invitation.withdraw',
      entity: 'staff_invitation',
      entityId: id,
      before: { email: row.email, role: row.role },
      after: null,
    });
  });
}

/** The token hash of an invitation whose mail has not gone yet: a placeholder nobody can present. */
const UNSENT = 'unsent:';

/** Its mail has not gone yet (no mail server, or not yet its turn): its 72 hours have not begun. */
export const waitingForMail = (row: { tokenHash: string }) => row.tokenHash.startsWith(UNSENT);

/**
 * Neither accepted, withdrawn nor replaced, and within its 72 hours or still waiting for its mail
 * (the Staff screen lists these; a new invitation to the address ends them).
 */
export const openInvitation = (now: Date) =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    or(gt(staffInvitations.expiresAt, now), like(staffInvitations.tokenHash, `${UNSENT}%`)),
  );

function invitationMail(role: Role, link: string, validUntil: Date) {
  const until = nairobiDateTime(validUntil);
  const what = `You have been invited to help run the Duka shop, as ${ROLE_LABELS[role]}.`;
  const text =
    `Habari,\n\n${what} Open this link to accept:\n\n${link}\n\n` +
    `The link works once, until ${until}. If you did not expect it, ignore this e-mail.\n` +
    textFooter;
  const html = emailHtml(
    SUBJECT,
    paragraph('Habari,') +
      paragraph(what) +
      button('Accept the invitation', link) +
      paragraph(
        `The link works once, until ${until}. If you did not expect it, ignore this e-mail.`,
      ),
  );
  return { text, html };
}

/** The invitation a message is for: the one it names; a message from before names none. */
async function invitationOf(db: Db, message: Parameters<Renderer>[0], now: Date) {
  const [row] =
    message.refId === null
      ? await db
          .select()
          .from(staffInvitations)
          .where(and(eq(staffInvitations.email, message.recipient), openInvitation(now)))
          .orderBy(desc(staffInvitations.id))
          .limit(1)
      : await db
          .select()
          .from(staffInvitations)
          .where(
            and(
              eq(staffInvitations.id, message.refId),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.revokedAt),
            ),
          );
  return row;
}

/**
 * Writes the invitation's mail as it is sent: a new link, working for 72 hours from now (a mail
 * that failed and is resent starts them again). Null, and no mail, once the invitation was
 * accepted, withdrawn or replaced.
 */
export function invitationMailRenderer(db: Db): Renderer {
  return async (message, now) => {
    const row = await invitationOf(db, message, now);
    if (!row) return null;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000);
    await db
      .update(staffInvitations)
      .set({ tokenHash: hashToken(token), expiresAt })
      .where(eq(staffInvitations.id, row.id));
    const link = `${PUBLIC_URL}/staff-invite?token=${token}`;
    const sent = invitationMail(row.role, link, expiresAt);
    const kept = invitationMail(row.role, `${PUBLIC_URL}/staff-invite?token=[hidden]`, expiresAt);
    return { subject: SUBJECT, ...sent, keep: kept, link };
  };
}

async function liveInvitation(db: Db | Tx, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  return row;
}

/** What the invitation page shows before anything is typed. */
export async function viewInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<InvitationView> {
  const row = await liveInvitation(db, token, now);
  if (!row) throw invalid();
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
  return { email: row.email, role: row.role, has_account: Boolean(account) };
}

/**
 * Accepts: the address's account confirms with its password, or a new account is made (the
 * sign-up rules); either way it gets the role. The invitation is used up by a conditional
 * update, so of two acceptances at once only one wins.
 */
export async function acceptInvitation(
  deps: { db: Db; limits: Limits },
  input: AcceptInvitation,
  auditFor: (user: { id: number; email: string; role: string | null }) => AuditTrail,
  now = new Date(),
): Promise<{ message: string; email: string }> {
  const { db, limits } = deps;
  const row = await liveInvitation(db, input.token, now);
  if (!row) throw invalid();
  const [account] = await db.select().from(users).where(eq(users.email, row.email));
  let userId: number;
  if (account) {
    // An account made by phone sign-in that later gave this e-mail: no password confirms it yet.
    if (account.passwordHash === null) {
      const message =
        'This account has no password yet. Sign in with your phone number, set a password on your profile, then open this link again.';
      throw new HttpError(400, 'PASSWORD_NOT_SET', message, { password: message });
    }
    await limits.enforce(limits.rules.loginAccount, row.email);
    if (!(await verifyPassword(account.passwordHash, input.password))) {
      throw new HttpError(400, 'WRONG_PASSWORD', INVITATION_MESSAGES.wrongPassword, {
        password: INVITATION_MESSAGES.wrongPassword,
      });
    }
    userId = account.id;
  } else {
    if (!input.username || !input.phone_number) {
      throw new HttpError(400, 'DETAILS_NEEDED', INVITATION_MESSAGES.detailsNeeded);
    }
    if (!meetsPasswordRule(input.password)) {
      throw new HttpError(400, 'VALIDATION_ERROR', AUTH_MESSAGES.passwordRule, {
        password: AUTH_MESSAGES.passwordRule,
      });
    }
    const user = await register(db, {
      username: input.username,
      email: row.email,
      phone_number: input.phone_number,
      password: input.password,
    });
    userId = user.id;
  }
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffInvitations)
      .set({
        acceptedAt: now,
        acceptedBy: userId,
        tokenHash: sql`'used:' || ${staffInvitations.id}`,
      })
      .where(
        and(
          eq(staffInvitations.id, row.id),
          isNull(staffInvitations.acceptedAt),
          // Withdrawn while the password was being checked: the withdrawal holds.
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning({ id: staffInvitations.id });
    if (!used) throw invalid();
    const { before, after } = await changeRole(tx, userId, row.role);
    await auditFor({ id: userId, email: row.email, role: row.role }).record(tx, {
      action: 'staff.invitation.accept',
      entity: 'user',
      entityId: userId,
      before: { role: before.role },
      after: { role: after.role, invitation_id: row.id },
    });
  });
  return { message: 'Welcome to the staff. You can now log in.', email: row.email };
}

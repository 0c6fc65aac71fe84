// The account's own row in a data export, the marketing consent, and erasure of the account:
// the row stays (orders point at it) with every personal field replaced, its sessions and reset
// links gone, and its e-mail free to sign up again.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { passwordResets, phoneCodes, sessions, users } from './schema.ts';
import { getUser } from './service.ts';

export async function accountOf(db: Db, userId: number) {
  const user = await getUser(db, userId);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone_number: user.phoneNumber,
    is_admin: user.isAdmin,
    created_at: user.createdAt.toISOString(),
    last_active_at: user.lastActiveAt?.toISOString() ?? null,
    marketing_consent: user.marketingConsentAt !== null,
    marketing_consent_at: user.marketingConsentAt?.toISOString() ?? null,
  };
}

/** Records (with its time) or withdraws consent to marketing e-mails. */
export async function setMarketingConsent(db: Db, userId: number, consent: boolean) {
  const user = await getUser(db, userId);
  const at = consent ? (user.marketingConsentAt ?? new Date()) : null;
  await db.update(users).set({ marketingConsentAt: at }).where(eq(users.id, userId));
  return { marketing_consent: consent, marketing_consent_at: at?.toISOString() ?? null };
}

/** The address an erased account's row and orders carry: unique, and never deliverable. */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

export async function eraseAccountRow(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
  await tx
    .update(users)
    .set({
      username: `erased-${randomBytes(6).toString('hex')}`,
      email: erasedEmail(userId),
      phoneNumber: '',
      // Many erased accounts share the empty number: none of them is a verified one.
      phoneVerifiedAt: null,
      // Not a hash at all, so no password can ever match it.
      passwordHash: '!erased',
      role: null,
      marketingConsentAt: null,
      lastActiveAt: null,
      erasedAt: now,
    })
    .where(eq(users.id, userId));
}

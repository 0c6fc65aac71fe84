// The accounts a phone number signs in (issue 37). Only a VERIFIED number signs an account in; an
// account that merely has the number typed on its profile is left alone. A number no verified
// account has gets a new shopper account: the number verified, no e-mail and no password (both
// can be given later), and a placeholder name the web asks the person to replace at once.
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Locale } from '@duka/domain/i18n/locale';
import type { Db } from '../../db/client.ts';
import { sqlStateOf } from '../../db/failures.ts';
import { PHONE_SIGN_IN_MESSAGES } from '@duka/domain';
import { conflict } from '../../lib/http-error.ts';
import { users } from '../schema.ts';

type UserRow = typeof users.$inferSelect;

const phoneTaken = () => conflict(PHONE_SIGN_IN_MESSAGES.phoneTaken, 'PHONE_TAKEN');

/** The account whose verified number this is (a live one, not erased). */
export async function verifiedAccount(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.phoneNumber, phone), isNotNull(users.phoneVerifiedAt), isNull(users.erasedAt)),
    );
  return row;
}

const constraintOf = (err: unknown) => {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint ?? '';
};
const takenBy = (err: unknown, index: string) =>
  sqlStateOf(err) === '23505' && constraintOf(err) === index;

/** 'Shopper 4821': four digits, more once those keep being taken. */
const placeholderName = (attempt: number) =>
  `Shopper ${randomInt(10 ** (attempt < 4 ? 3 : 7), 10 ** (attempt < 4 ? 4 : 8))}`;

/**
 * The account of the verified number, or a new shopper account for it. Two sign-ins of one new
 * number at once make one account: the unique index on verified numbers turns the second
 * insert away, and it signs in the first's account.
 */
export async function accountForPhone(
  db: Db,
  phone: string,
  language: Locale,
  now = new Date(),
): Promise<{ user: UserRow; isNew: boolean }> {
  const existing = await verifiedAccount(db, phone);
  if (existing) return { user: existing, isNew: false };
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const [user] = await db
        .insert(users)
        .values({
          username: placeholderName(attempt),
          email: null,
          phoneNumber: phone,
          phoneVerifiedAt: now,
          passwordHash: null,
          language,
        })
        .returning();
      return { user: user!, isNew: true };
    } catch (err) {
      if (takenBy(err, 'users_verified_phone_idx')) {
        const other = await verifiedAccount(db, phone);
        if (other) return { user: other, isNew: false };
      }
      if (!takenBy(err, 'users_username_idx')) throw err;
    }
  }
  throw conflict('Could not name the new account. Please try again.', 'TRY_AGAIN');
}

/**
 * Makes the proven number the account's, verified (POST /api/profile/phone/verify); 409 when
 * another account has it verified (a race included: the unique index decides).
 */
export async function setVerifiedPhone(
  db: Db,
  userId: number,
  phone: string,
  now = new Date(),
): Promise<void> {
  const other = await verifiedAccount(db, phone);
  if (other && other.id !== userId) throw phoneTaken();
  try {
    await db
      .update(users)
      .set({ phoneNumber: phone, phoneVerifiedAt: now })
      .where(eq(users.id, userId));
  } catch (err) {
    if (takenBy(err, 'users_verified_phone_idx')) throw phoneTaken();
    throw err;
  }
}

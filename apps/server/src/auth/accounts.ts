// What other domains ask of an account without reading the users table themselves.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { users } from './schema.ts';

/**
 * Locks the account's row until the transaction ends: the lock that serialises one shopper's
 * changes to their own lists (cart and wishlist, saved addresses).
 */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The phone number on the account (undefined when there is no such account). */
export async function accountPhone(db: Db | Tx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  return row?.phone;
}

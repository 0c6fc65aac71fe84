import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';

export interface AdminSeed {
  email?: string | undefined;
  password?: string | undefined;
}

/**
 * Makes sure the shop has an administrator. On a fresh database an account named `admin` is made
 * from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password that is returned to be shown once.
 * Otherwise it answers the e-mail of the first owner, for the start-up message.
 */
export async function ensureAdmin(
  db: Db,
  seed: AdminSeed,
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    // Staff join by e-mail (an invitation), so every owner has one.
    .where(and(eq(users.role, 'owner'), isNotNull(users.email)))
    .orderBy(asc(users.id))
    .limit(1);
  if (owner?.email) return { created: false, email: owner.email };
  const email = (seed.email ?? 'admin@duka.co.ke').trim().toLowerCase();
  // Generated: letters, digits and a symbol, so it also meets the sign-up password rule.
  const generated = seed.password ? undefined : `${randomBytes(12).toString('base64url')}#7a`;
  const password = seed.password ?? generated!;
  await db.insert(users).values({
    username: 'admin',
    email,
    phoneNumber: '+254700000000',
    passwordHash: await hashPassword(password),
    // The first administrator is the owner (decision record 021).
    role: 'owner',
  });
  return generated
    ? { created: true, email, generatedPassword: generated }
    : { created: true, email };
}

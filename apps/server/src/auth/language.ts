// The language of an account (issue 37): the shop's language the person last used, remembered
// when they sign up, sign in, place an order or pick it on their profile. Account messages (a
// password reset, a reply to their message) are written in it.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Locale } from '@duka/domain/i18n/locale';
import type { Db, Tx } from '../db/client.ts';
import { users } from './schema.ts';

/** Remembers the language the person is using now (no write when it is the same). */
export async function rememberLanguage(db: Db | Tx, userId: number, language: Locale) {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}

/** The language of the account with this e-mail; undefined when there is none. */
export async function languageOfEmail(db: Db | Tx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.erasedAt)))
    .limit(1);
  return row?.language;
}

// The contacts table (contact-form messages) and the replies sent to them.
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import { DAY_MS, nairobiDayStart } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { contactReplies, contacts } from './schema.ts';
import { likePattern } from '../lib/sql.ts';

export type ContactRow = typeof contacts.$inferSelect;

export async function insertContact(db: Db, values: typeof contacts.$inferInsert) {
  await db.insert(contacts).values(values);
}

export async function findContact(db: Db, id: number): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export interface ContactFilter {
  q?: string | undefined;
  /** Nairobi days, 'YYYY-MM-DD'; `to` includes all of its day. */
  from?: string | undefined;
  to?: string | undefined;
  sort: 'date' | 'name';
  order: 'asc' | 'desc';
}

export function filteredContacts(db: Db, f: ContactFilter) {
  const where = and(
    f.q
      ? or(ilike(contacts.name, likePattern(f.q)), ilike(contacts.email, likePattern(f.q)))
      : undefined,
    f.from ? gte(contacts.submittedAt, nairobiDayStart(f.from)) : undefined,
    f.to ? lt(contacts.submittedAt, new Date(nairobiDayStart(f.to).getTime() + DAY_MS)) : undefined,
  );
  const direction = f.order === 'desc' ? desc : asc;
  const orderBy =
    f.sort === 'name'
      ? [direction(sql`lower(${contacts.name})`), direction(contacts.id)]
      : [direction(contacts.submittedAt), direction(contacts.id)];
  return {
    rows: db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(...orderBy),
    total: db.select({ n: count() }).from(contacts).where(where),
  };
}

const unreplied = isNull(contacts.repliedAt);

export function newestUnreplied(db: Db, limit: number) {
  return db
    .select()
    .from(contacts)
    .where(unreplied)
    .orderBy(desc(contacts.submittedAt), desc(contacts.id))
    .limit(limit);
}

export async function countUnreplied(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contacts).where(unreplied);
  return row?.n ?? 0;
}

export async function recordReply(
  tx: Tx,
  reply: { contactId: number; adminId: number; body: string; emailId: number },
): Promise<void> {
  await tx.insert(contactReplies).values(reply);
  await tx.update(contacts).set({ repliedAt: new Date() }).where(eq(contacts.id, reply.contactId));
}

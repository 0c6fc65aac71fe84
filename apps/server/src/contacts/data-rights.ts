// Contact messages sent from a person's e-mail address (and the replies to them), for their data
// export and erasure.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { contactReplies, contacts } from './schema.ts';

export async function contactMessagesFrom(db: Db, email: string) {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.email, email))
    .orderBy(asc(contacts.submittedAt));
  const replies = rows.length
    ? await db
        .select()
        .from(contactReplies)
        .where(
          inArray(
            contactReplies.contactId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    submitted_at: r.submittedAt.toISOString(),
    replies: replies
      .filter((reply) => reply.contactId === r.id)
      .map((reply) => ({ body: reply.body, sent_at: reply.createdAt.toISOString() })),
  }));
}

/** Erasure: the messages go, and their replies with them (cascade). */
export async function forgetContactMessagesFrom(tx: Tx, email: string): Promise<void> {
  await tx.delete(contacts).where(eq(contacts.email, email));
}

// Customer messages: the contact form, the Contacts screen, the bell, and replies by e-mail.
import { REPLY_MESSAGES, type Contact } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { found, HttpError } from '../lib/http-error.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import type { Mailer } from '../mail/mailer.ts';
import * as repo from './repo.ts';

/** SPEC §9: the bell lists at most 5 messages. */
export const BELL_SIZE = 5;

export function toContact(row: repo.ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    submittedAt: row.submittedAt.toISOString(),
    replied_at: row.repliedAt?.toISOString() ?? null,
  };
}

export const submitContact = (db: Db, input: Parameters<typeof repo.insertContact>[1]) =>
  repo.insertContact(db, input);

export function listContacts(db: Db, query: repo.ContactFilter & PageRequest) {
  const { rows, total } = repo.filteredContacts(db, query);
  return paged('contacts', query, rows, total, toContact);
}

/** The bell: the newest unreplied messages and how many there are. */
export async function bellMessages(db: Db) {
  const [rows, unread] = await Promise.all([
    repo.newestUnreplied(db, BELL_SIZE),
    repo.countUnreplied(db),
  ]);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      message: r.message,
      submittedAt: r.submittedAt.toISOString(),
    })),
    unread,
  };
}

/**
 * An admin answers a message by e-mail. Only a reply that was handed to the mailer counts: the
 * message then shows as replied to every admin.
 */
export async function replyToMessage(
  deps: { db: Db; mailer: Mailer },
  contactId: number,
  adminId: number,
  body: string,
): Promise<{ message: string }> {
  const to = found(await repo.findContact(deps.db, contactId), 'The message');
  const sent = await deps.mailer.send({
    to: to.email,
    subject: 'Re: your message to Duka',
    text: `Dear ${to.name},\n\n${body}\n\nDuka customer care\n\n> ${to.message.replace(/\n/g, '\n> ')}\n`,
  });
  if (sent.status === 'failed') {
    throw new HttpError(
      502,
      'MAIL_FAILED',
      'The reply could not be sent. Please try again in a moment.',
    );
  }
  await deps.db.transaction((tx) =>
    repo.recordReply(tx, { contactId: to.id, adminId, body, emailId: sent.id }),
  );
  return { message: REPLY_MESSAGES.sent };
}

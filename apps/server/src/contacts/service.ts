// Customer messages: the contact form, the Contacts screen, the bell, and replies by e-mail.
import { HELD_MESSAGES, REPLY_MESSAGES, type Contact, type MailDelivery } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { found } from '../lib/http-error.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import { emailHtml, paragraph, textFooter } from '../outbox/layout.ts';
import { languageOfRow, type Locale } from '../outbox/language.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { languageOfEmail } from '../auth/language.ts';
import { REPLY_TEXTS } from './reply-texts.ts';
import * as repo from './repo.ts';
import type { AuditTrail } from '../audit/trail.ts';

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
 * The reply as the customer receives it: the admin's words, then the message they answer; framed
 * in the language of the account with that e-mail (English when there is none).
 */
export function replyEmail(contact: repo.ContactRow, body: string, language: Locale = 'en') {
  const words = REPLY_TEXTS[language];
  const quoted = `> ${contact.message.replace(/\n/g, '\n> ')}`;
  const subject = words.subject;
  return {
    subject,
    text: `${words.dear(contact.name)}\n\n${body}\n\n${words.signature}\n\n${quoted}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(words.dear(contact.name)) +
        paragraph(body) +
        paragraph(words.signature) +
        `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #cbd5e1;color:#64748b">${paragraph(contact.message)}</blockquote>`,
      language,
    ),
  };
}

/**
 * An admin answers a message by e-mail. The reply goes into the outbox in the same transaction
 * that marks the message replied (for every admin), so a slow or unreachable mail server neither
 * slows the admin down nor loses the reply: the outbox worker sends it, retrying until it can.
 */
export async function replyToMessage(
  deps: { db: Db; delivery: MailDelivery },
  contactId: number,
  adminId: number,
  body: string,
  audit?: AuditTrail,
): Promise<{ message: string }> {
  const contact = found(await repo.findContact(deps.db, contactId), 'The message');
  await deps.db.transaction(async (tx) => {
    const language = languageOfRow(await languageOfEmail(tx, contact.email));
    const email = await enqueueEmail(tx, {
      kind: 'contact-reply',
      to: contact.email,
      ...replyEmail(contact, body, language),
    });
    await repo.recordReply(tx, { contactId: contact.id, adminId, body, emailId: email.id });
    await audit?.record(tx, {
      action: 'contact.reply',
      entity: 'contact',
      entityId: contact.id,
      after: { to: contact.email, outbox_id: email.id },
    });
  });
  // SPEC's words once a mail server will take it; while the shop has none, what is true.
  return { message: deps.delivery === 'queued' ? REPLY_MESSAGES.sent : HELD_MESSAGES.reply };
}

// Messages from the contact form and the admin's replies.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { users } from '../auth/schema.ts';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('contacts_submitted_idx').on(t.submittedAt),
    index('contacts_unreplied_idx').on(t.repliedAt, t.submittedAt),
  ],
);

export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The reply's message in the outbox. */
    emailId: integer('email_id'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_contact_idx').on(t.contactId)],
);

// Every message to a person (e-mail, SMS) and its sending state.
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { users } from '../auth/schema.ts';

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', [
  /** Waiting for its (next) attempt at next_attempt_at. */
  'pending',
  'sent',
  /** Gave up after the last retry; an administrator can send it again. */
  'failed',
  /**
   * Waiting for a transport: an e-mail while no SMTP server is configured. The worker sends it
   * once one is (it goes back to pending), or an admin resends it.
   */
  'held',
]);

/**
 * Every message to a person (e-mail, SMS), written in the same transaction as its cause and sent
 * by the outbox worker with retries: an outage delays a message, never loses it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: outboxChannel('channel').notNull().default('email'),
    /** What it is about ('order-paid', 'password-reset', 'contact-reply'…). */
    kind: text('kind').notNull(),
    /** An e-mail address, or a phone number in international form (+2547…). */
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull().default(''),
    /** The text body (the whole SMS). A password-reset link is written in only when sending. */
    body: text('body').notNull(),
    /**
     * For a message written only when sent: the row it is written from (a staff invitation's
     * id), so that what is sent later is what was asked for, never the secret itself.
     */
    refId: integer('ref_id'),
    html: text('html'),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker took it until then; past it, a crashed worker's message is taken again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_recipient_idx').on(t.recipient),
  ],
);

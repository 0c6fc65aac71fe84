// Enqueueing messages, in the caller's transaction: a message exists exactly when its cause was
// committed. Nothing here talks to a mail or SMS server; the worker (worker.ts) does that.
import type { Db, Tx } from '../db/client.ts';
import { found, HttpError } from '../lib/http-error.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import { workMade } from '../lib/wake-after-response.ts';
import { validateMail } from '../mail/smtp.ts';
import { toInternational } from '../sms/phone.ts';
import * as repo from './repo.ts';
import { fillShopDetails, shopDetailsOf } from './shop-details.ts';
import type { AuditTrail } from '../audit/trail.ts';

/** Written into links by templates; the worker puts PUBLIC_URL in its place when it sends. */
export const PUBLIC_URL = '{{PUBLIC_URL}}';

/** The worker a queued message wakes once the response is sent (lib/wake-after-response.ts). */
export const OUTBOX_WORKER = 'outbox';

export interface EmailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  userId?: number | null;
  /** For a kind written only when sent: the row it is written from (see the outbox table). */
  refId?: number | null;
}

export async function enqueueEmail(tx: Db | Tx, message: EmailMessage): Promise<repo.OutboxRow> {
  validateMail(message);
  // The shop's name and address as its settings give them now (layout.ts's placeholders).
  const { text, html } = fillShopDetails(message, await shopDetailsOf(tx));
  const row = await repo.insertMessage(tx, {
    channel: 'email',
    kind: message.kind,
    recipient: message.to,
    userId: message.userId ?? null,
    refId: message.refId ?? null,
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    body: text,
    html: html ?? null,
  });
  workMade(OUTBOX_WORKER);
  return row;
}

export interface SmsMessage {
  kind: string;
  /** As the shopper typed it; made international here. */
  phone: string;
  text: string;
  userId?: number | null;
}

/**
 * Enqueues a text message; undefined when the number cannot receive one. Whether SMS is
 * configured is the worker's business: without a gateway it drops SMS instead of sending them.
 */
export async function enqueueSms(
  tx: Db | Tx,
  message: SmsMessage,
): Promise<repo.OutboxRow | undefined> {
  const to = toInternational(message.phone);
  if (!to) return undefined;
  const row = await repo.insertMessage(tx, {
    channel: 'sms',
    kind: message.kind,
    recipient: to,
    userId: message.userId ?? null,
    body: message.text,
  });
  workMade(OUTBOX_WORKER);
  return row;
}

export function listOutbox(
  db: Db,
  query: PageRequest & { status?: repo.OutboxStatus | undefined },
) {
  const { rows, total } = repo.listMessages(db, query.status);
  return paged('emails', query, rows, total, (row: repo.OutboxRow) => row);
}

/**
 * An administrator sends a failed or held message again: a new round of attempts. Refused while
 * its channel has no transport (it would only be held again).
 */
export async function resend(
  db: Db,
  id: number,
  deps: { audit?: AuditTrail; canSend: (channel: repo.Channel) => boolean },
  now = new Date(),
): Promise<repo.OutboxRow> {
  const message = found(await repo.findMessage(db, id), `The message ${id}`);
  if (message.status !== 'sent' && message.status !== 'pending' && !deps.canSend(message.channel)) {
    throw new HttpError(
      409,
      'NO_TRANSPORT',
      message.channel === 'email'
        ? 'E-mail cannot go out: the shop has no mail server. Set SMTP_URL and restart the shop.'
        : "Text messages cannot go out: set AT_USERNAME and AT_API_KEY (Africa's Talking) and restart the shop.",
    );
  }
  const requeued = await db.transaction(async (tx) => {
    const row = await repo.requeue(tx, message.id, now);
    if (row) {
      await deps.audit?.record(tx, {
        action: 'outbox.resend',
        entity: 'outbox',
        entityId: id,
        before: { status: message.status },
        after: { status: row.status, to: message.recipient, kind: message.kind },
      });
    }
    return row;
  });
  if (!requeued) {
    throw new HttpError(
      409,
      'NOT_RESENDABLE',
      message.status === 'sent'
        ? 'This message was already sent.'
        : 'This message is still waiting to be sent.',
    );
  }
  workMade(OUTBOX_WORKER);
  return requeued;
}

/** A later message of the same kind to the same recipient exists (a newer reset request). */
export const hasNewerMessage = (db: Db, message: repo.OutboxRow) => repo.hasNewer(db, message);

/** Everything sent (or to be sent) to a person, for their data export. */
export const messagesTo = (db: Db, recipients: string[]) => repo.messagesTo(db, recipients);

/** Erasure: the messages to a person go. */
export const forgetMessagesTo = (tx: Tx, recipients: string[], userId: number) =>
  repo.deleteMessagesTo(tx, recipients, userId);

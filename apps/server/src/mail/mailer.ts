// Outgoing e-mail. With SMTP_URL the shop delivers through one pooled nodemailer transport;
// without it every message waits in the `emails` table for an admin to read. Either way each
// message is recorded, so nothing the shop sends is silently dropped.
import { count, desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema.ts';
import { paged, type PageRequest } from '../lib/paged.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
}

export type MailStatus = 'sent' | 'outbox' | 'failed';

export interface SentMail {
  id: number;
  status: MailStatus;
  error?: string;
}

export interface Mailer {
  /** Records the message and delivers it when SMTP is configured; delivery failure is a status. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
  /** True when messages go to an SMTP server, false when they only land in the outbox. */
  readonly delivers: boolean;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; without it messages stay in the outbox. */
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  logger?: { warn(obj: unknown, msg?: string): void };
  /** Connection, greeting and idle-socket timeout; a whole send may take three times this. */
  timeoutMs?: number;
}

/** A message that must not be sent as given (for instance a header injection attempt). */
export class InvalidMailError extends Error {
  readonly code = 'INVALID_MAIL';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMailError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 1000;
// One plain address per field keeps extra recipients and display-name tricks out of the envelope.
const PLAIN_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** CR, LF, other control characters and Unicode line breaks could start a new header line. */
function breaksHeader(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f || c === 0x85 || c === 0x2028 || c === 0x2029) {
      return true;
    }
  }
  return false;
}

function checkHeader(name: string, value: string) {
  if (breaksHeader(value)) throw new InvalidMailError(`The ${name} must be a single line.`);
}

function checkAddress(name: string, value: string) {
  checkHeader(name, value);
  if (value.length > 254 || !PLAIN_ADDRESS.test(value)) {
    throw new InvalidMailError(`The ${name} must be one e-mail address.`);
  }
}

function validate(mail: OutgoingMail) {
  checkAddress('recipient', mail.to);
  checkHeader('subject', mail.subject);
  if (mail.replyTo !== undefined) checkAddress('reply-to address', mail.replyTo);
}

/** Everything in the SMTP URL that must never reach a log or the emails table. */
function secretsOf(smtpUrl: string): string[] {
  const secrets = [smtpUrl];
  try {
    const url = new URL(smtpUrl);
    for (const raw of [url.password, url.username]) {
      const decoded = safeDecode(raw);
      // A very short user name is not worth mangling every message for; a password always is.
      if (raw === url.username && decoded.length < 4) continue;
      secrets.push(raw, decoded, Buffer.from(decoded).toString('base64'));
    }
  } catch {
    // An unparsable URL: nodemailer reports it, and the whole URL is already scrubbed.
  }
  return [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function scrub(message: string, secrets: string[]): string {
  const clean = secrets.reduce((text, secret) => text.split(secret).join('***'), message);
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH)}…` : clean;
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

type Deliver = (mail: OutgoingMail) => Promise<void>;

function smtpDelivery(smtpUrl: string, from: string, timeoutMs: number) {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    // Closing idle connections ourselves comes before the server (or socketTimeout) drops them.
    idleTimeout: Math.min(timeoutMs / 2, 5_000),
    maxRequeues: 1,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
  });
  const deliver: Deliver = async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
      // Socket timeouts miss a server that trickles its replies; this bounds the whole send.
      signal: AbortSignal.timeout(timeoutMs * 3),
    });
  };
  return { transport, deliver };
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, from, logger, smtpUrl } = options;
  const smtp = smtpUrl
    ? smtpDelivery(smtpUrl, from, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    : undefined;
  const secrets = smtpUrl ? secretsOf(smtpUrl) : [];
  smtp?.transport.on('error', (err: unknown) =>
    logger?.warn({ error: scrub(errorMessage(err), secrets) }, 'SMTP transport error'),
  );

  async function attempt(mail: OutgoingMail): Promise<{ status: MailStatus; error?: string }> {
    if (!smtp) return { status: 'outbox' };
    try {
      await smtp.deliver(mail);
      return { status: 'sent' };
    } catch (err) {
      const error = scrub(errorMessage(err), secrets);
      logger?.warn({ to: mail.to, subject: mail.subject, error }, 'E-mail delivery failed');
      return { status: 'failed', error };
    }
  }

  return {
    delivers: smtp !== undefined,
    async send(mail) {
      validate(mail);
      const outcome = await attempt(mail);
      const [row] = await db
        .insert(emails)
        .values({
          toAddress: mail.to,
          fromAddress: from,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          body: mail.text,
          status: outcome.status,
          error: outcome.error ?? null,
        })
        .returning({ id: emails.id });
      if (!row) throw new Error('The e-mail could not be recorded.');
      return { id: row.id, ...outcome };
    },
    async close() {
      smtp?.transport.close();
    },
  };
}

export type EmailRecord = typeof emails.$inferSelect;

/** Every recorded e-mail (sent, waiting or failed), newest first, one page at a time. */
export function listOutbox(db: Db, page: PageRequest) {
  // Routes validate paging; clamping here keeps a careless caller from reading the whole table.
  const limit = Math.min(Math.max(Math.trunc(page.limit) || 1, 1), 100);
  const skip = Math.max(Math.trunc(page.skip) || 0, 0);
  return paged(
    'emails',
    { limit, skip },
    db.select().from(emails).orderBy(desc(emails.createdAt), desc(emails.id)),
    db.select({ n: count() }).from(emails),
    (row: EmailRecord) => row,
  );
}

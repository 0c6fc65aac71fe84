// Delivery of e-mail over SMTP through one pooled nodemailer transport. It records nothing: the
// outbox (outbox/) keeps every message and retries this transport until the server takes it.
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same message in HTML, sent as the alternative part when given. */
  html?: string | null | undefined;
  replyTo?: string | null | undefined;
}

export interface SmtpTransport {
  /** Hands the message to the SMTP server; throws a SmtpError (credentials scrubbed) if refused. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** smtp://user:pass@host:port or smtps://… */
  smtpUrl: string;
  from: string;
  logger?: { warn(obj: unknown, msg?: string): void };
  /** Connection, greeting and idle-socket timeout; a whole send may take three times this. */
  timeoutMs?: number;
}

/** The SMTP server did not take the message; the text holds no credentials. */
export class SmtpError extends Error {
  readonly code = 'SMTP_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'SmtpError';
  }
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

/** Refuses what could add recipients or headers; the outbox calls it before it stores a message. */
export function validateMail(mail: Pick<OutgoingMail, 'to' | 'subject' | 'replyTo'>) {
  checkAddress('recipient', mail.to);
  checkHeader('subject', mail.subject);
  if (mail.replyTo !== undefined && mail.replyTo !== null) {
    checkAddress('reply-to address', mail.replyTo);
  }
}

/** Everything in the SMTP URL that must never reach a log or the outbox. */
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
  const deliver = async (mail: OutgoingMail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      // Socket timeouts miss a server that trickles its replies; this bounds the whole send.
      signal: AbortSignal.timeout(timeoutMs * 3),
    });
  };
  return { transport, deliver };
}

export function createSmtpTransport(options: SmtpOptions): SmtpTransport {
  const { from, logger, smtpUrl } = options;
  const smtp = smtpDelivery(smtpUrl, from, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const secrets = secretsOf(smtpUrl);
  smtp.transport.on('error', (err: unknown) =>
    logger?.warn({ error: scrub(errorMessage(err), secrets) }, 'SMTP transport error'),
  );
  return {
    async send(mail) {
      validateMail(mail);
      try {
        await smtp.deliver(mail);
      } catch (err) {
        throw new SmtpError(scrub(errorMessage(err), secrets));
      }
    },
    async close() {
      smtp.transport.close();
    },
  };
}

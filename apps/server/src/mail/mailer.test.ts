// The mailer against a real SMTP server on the loopback interface, and the outbox without one.
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Database } from '../db/client.ts';
import { emails } from '../db/schema.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createMailer, InvalidMailError, listOutbox, type Mailer } from './mailer.ts';

interface Received {
  mailFrom: string;
  rcptTo: string[];
  user: string | undefined;
  raw: string;
}

const FROM = 'Duka <hello@duka.co.ke>';
const USER = 'shop-mailer';
const PASSWORD = 's3cret-Pa55word';

let database: Database;
let server: SMTPServer;
let port: number;
let received: Received[] = [];
let connections = 0;
const mailers: Mailer[] = [];

function rejection(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

function collect(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.on('end', () => {
      const { mailFrom, rcptTo } = session.envelope;
      received.push({
        mailFrom: mailFrom ? mailFrom.address : '',
        rcptTo: rcptTo.map((r) => r.address),
        user: typeof session.user === 'string' ? session.user : undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      resolve();
    });
  });
}

function startSmtpServer(): Promise<number> {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD)
        return callback(null, { user: USER });
      // Echoes what it was sent, as a careless server might, so scrubbing has something to do.
      callback(rejection(`No login for ${auth.username}:${auth.password ?? ''}`, 535));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@nowhere.example')) {
        return callback(rejection(`Mailbox ${address.address} does not exist`, 550));
      }
      callback();
    },
    onData(stream, session, callback) {
      collect(stream, session).then(() => callback(), callback);
    },
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
}

/** Headers (names in lower case, folded lines joined) and the decoded text body. */
function parseMessage(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  if (headers.get('content-transfer-encoding') === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { headers, body: body.replace(/\r\n$/, '').replace(/\r\n/g, '\n') };
}

function mailer(smtpUrl: string | undefined, extra: { timeoutMs?: number } = {}) {
  const logger = { warn: vi.fn<(obj: unknown, msg?: string) => void>() };
  const m = createMailer({ smtpUrl, from: FROM, db: database.db, logger, ...extra });
  mailers.push(m);
  return { mailer: m, logger };
}

async function rowOf(id: number) {
  const [row] = await database.db.select().from(emails).where(eq(emails.id, id));
  return row;
}

async function emailCount() {
  const [row] = await database.db.select({ n: count() }).from(emails);
  return row?.n ?? 0;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

beforeAll(async () => {
  database = await createTestDatabase();
  port = await startSmtpServer();
});

afterAll(async () => {
  await Promise.all(mailers.map((m) => m.close()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

beforeEach(() => {
  received = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createMailer with SMTP', () => {
  it('delivers the message with its headers and body, and records it as sent', async () => {
    const { mailer: m } = mailer(`smtp://127.0.0.1:${port}`);
    expect(m.delivers).toBe(true);
    const text = 'Habari Alice,\n\nAsante sana for your message — we ship to Nairobi daily.\nDuka';
    const result = await m.send({
      to: 'alice@example.com',
      subject: 'Re: Delivery to Nairobi',
      text,
      replyTo: 'support@duka.co.ke',
    });

    expect(result).toEqual({ id: expect.any(Number), status: 'sent' });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.mailFrom).toBe('hello@duka.co.ke');
    expect(message!.rcptTo).toEqual(['alice@example.com']);
    const { headers, body } = parseMessage(message!.raw);
    expect(headers.get('to')).toBe('alice@example.com');
    expect(headers.get('from')).toBe(FROM);
    expect(headers.get('subject')).toBe('Re: Delivery to Nairobi');
    expect(headers.get('reply-to')).toBe('support@duka.co.ke');
    expect(body).toBe(text);

    expect(await rowOf(result.id)).toMatchObject({
      toAddress: 'alice@example.com',
      fromAddress: FROM,
      replyTo: 'support@duka.co.ke',
      subject: 'Re: Delivery to Nairobi',
      body: text,
      status: 'sent',
      error: null,
    });
  });

  it('sends without a Reply-To when none is given', async () => {
    const { mailer: m } = mailer(`smtp://127.0.0.1:${port}`);
    const result = await m.send({ to: 'bob@example.com', subject: 'Hello', text: 'Hi Bob' });
    expect(result.status).toBe('sent');
    const { headers } = parseMessage(received[0]!.raw);
    expect(headers.has('reply-to')).toBe(false);
    expect((await rowOf(result.id))?.replyTo).toBeNull();
  });

  it('logs in with the credentials in the URL', async () => {
    const { mailer: m } = mailer(`smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`);
    const result = await m.send({ to: 'carol@example.com', subject: 'Hi', text: 'Authenticated' });
    expect(result.status).toBe('sent');
    expect(received[0]?.user).toBe(USER);
  });

  it('creates one pooled transport and reuses its connection', async () => {
    const createTransport = vi.spyOn(nodemailer, 'createTransport');
    const { mailer: m } = mailer(`smtp://127.0.0.1:${port}`);
    const before = connections;
    for (const n of [1, 2, 3]) {
      const result = await m.send({ to: 'dan@example.com', subject: `No. ${n}`, text: 'x' });
      expect(result.status).toBe('sent');
    }
    expect(received).toHaveLength(3);
    expect(createTransport).toHaveBeenCalledTimes(1);
    expect(createTransport.mock.calls[0]?.[0]).toMatchObject({ pool: true });
    expect(connections - before).toBe(1);
  });

  it('records a rejected recipient as failed without throwing, and without credentials', async () => {
    const { mailer: m, logger } = mailer(`smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`);
    const result = await m.send({ to: 'ghost@nowhere.example', subject: 'Hi', text: 'Lost' });

    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/550|does not exist/);
    expect(result.error).not.toContain(PASSWORD);
    expect(received).toHaveLength(0);
    expect(await rowOf(result.id)).toMatchObject({
      toAddress: 'ghost@nowhere.example',
      status: 'failed',
      error: result.error,
    });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain(PASSWORD);
  });

  it('records a refused log-in as failed, and never stores the password', async () => {
    const wrong = 'wr0ng-Pa55word';
    const { mailer: m } = mailer(`smtp://${USER}:${wrong}@127.0.0.1:${port}`);
    const result = await m.send({ to: 'erin@example.com', subject: 'Hi', text: 'Nope' });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/login|auth|535/i);
    expect(result.error).not.toContain(wrong);
    expect(result.error).not.toContain(USER);
    expect((await rowOf(result.id))?.error).not.toContain(wrong);
    expect(received).toHaveLength(0);
  });

  it('records failure when nothing listens at the SMTP address', async () => {
    const { mailer: m } = mailer(`smtp://127.0.0.1:${await closedPort()}`);
    const result = await m.send({ to: 'fay@example.com', subject: 'Hi', text: 'Anyone?' });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/ECONNREFUSED|connect/i);
    expect((await rowOf(result.id))?.status).toBe('failed');
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const silent = new Set<net.Socket>();
    const mute = net.createServer((socket) => silent.add(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const { port: mutePort } = mute.address() as AddressInfo;
      const { mailer: m } = mailer(`smtp://127.0.0.1:${mutePort}`, { timeoutMs: 300 });
      const started = Date.now();
      const result = await m.send({ to: 'gus@example.com', subject: 'Hi', text: 'Hello?' });
      expect(result.status).toBe('failed');
      expect(result.error).toMatch(/greeting|timeout|timed out/i);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(silent.size).toBeGreaterThan(0);
    } finally {
      for (const socket of silent) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  });
});

describe('createMailer without SMTP', () => {
  it('keeps the message in the outbox and contacts no server', async () => {
    const createTransport = vi.spyOn(nodemailer, 'createTransport');
    const before = connections;
    const { mailer: m } = mailer(undefined);
    expect(m.delivers).toBe(false);
    const result = await m.send({
      to: 'hana@example.com',
      subject: 'Your order',
      text: 'It is on its way.',
      replyTo: 'orders@duka.co.ke',
    });
    expect(result).toEqual({ id: expect.any(Number), status: 'outbox' });
    expect(await rowOf(result.id)).toMatchObject({
      toAddress: 'hana@example.com',
      fromAddress: FROM,
      replyTo: 'orders@duka.co.ke',
      subject: 'Your order',
      body: 'It is on its way.',
      status: 'outbox',
      error: null,
    });
    expect(createTransport).not.toHaveBeenCalled();
    expect(connections).toBe(before);
    expect(received).toHaveLength(0);
  });
});

describe('header injection', () => {
  const good = { to: 'ivy@example.com', subject: 'Hello', text: 'Body\r\nwith lines is fine.' };
  it.each([
    ['a CRLF in the recipient', { ...good, to: 'ivy@example.com\r\nBcc: eve@example.com' }],
    ['a LF in the recipient', { ...good, to: 'ivy@example.com\nBcc: eve@example.com' }],
    ['two recipients', { ...good, to: 'ivy@example.com, eve@example.com' }],
    ['a display name hiding a recipient', { ...good, to: '"x" <eve@example.com>' }],
    ['a CRLF in the subject', { ...good, subject: 'Hello\r\nBcc: eve@example.com' }],
    ['a bare CR in the subject', { ...good, subject: 'Hello\rBcc: eve@example.com' }],
    ['a LF in the subject', { ...good, subject: 'Hello\nBcc: eve@example.com' }],
    ['a Unicode line separator in the subject', { ...good, subject: 'Hello\u2028Bcc: x' }],
    ['a NUL in the subject', { ...good, subject: 'Hello\u0000' }],
    ['a LF in the reply-to', { ...good, replyTo: 'ivy@example.com\nBcc: eve@example.com' }],
    ['a CR in the reply-to', { ...good, replyTo: 'ivy@example.com\rBcc: eve@example.com' }],
    ['an empty recipient', { ...good, to: '' }],
    ['a recipient without a domain', { ...good, to: 'ivy' }],
  ])('refuses %s, sending and recording nothing', async (_name, mail) => {
    const smtp = mailer(`smtp://127.0.0.1:${port}`).mailer;
    const outbox = mailer(undefined).mailer;
    const before = await emailCount();
    await expect(smtp.send(mail)).rejects.toThrow(InvalidMailError);
    await expect(outbox.send(mail)).rejects.toThrow(InvalidMailError);
    expect(await emailCount()).toBe(before);
    expect(received).toHaveLength(0);
  });

  it('still sends the same message once it is clean', async () => {
    const result = await mailer(`smtp://127.0.0.1:${port}`).mailer.send(good);
    expect(result.status).toBe('sent');
    expect(received).toHaveLength(1);
  });
});

describe('listOutbox', () => {
  it('lists every recorded e-mail newest first, a page at a time, with the total', async () => {
    await database.db.delete(emails);
    const base = Date.parse('2026-03-01T08:00:00Z');
    // Inserted out of time order, so an id order would not pass; two share a moment (id breaks it).
    const minutes = [5, 1, 9, 3, 7, 0, 8, 2, 6, 4, 6];
    const statuses = ['sent', 'outbox', 'failed'] as const;
    const inserted = await database.db
      .insert(emails)
      .values(
        minutes.map((m, i) => ({
          toAddress: `buyer${i}@example.com`,
          fromAddress: FROM,
          subject: `Message ${i}`,
          body: 'b',
          status: statuses[i % 3]!,
          createdAt: new Date(base + m * 60_000),
        })),
      )
      .returning({ id: emails.id, createdAt: emails.createdAt });
    const expected = [...inserted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);

    const first = await listOutbox(database.db, { limit: 4, skip: 0 });
    expect(first.total).toBe(minutes.length);
    expect(first).toMatchObject({ limit: 4, skip: 0 });
    expect(first.emails.map((e) => e.id)).toEqual(expected.slice(0, 4));
    const second = await listOutbox(database.db, { limit: 4, skip: 4 });
    expect(second.emails.map((e) => e.id)).toEqual(expected.slice(4, 8));
    const last = await listOutbox(database.db, { limit: 4, skip: 8 });
    expect(last.emails.map((e) => e.id)).toEqual(expected.slice(8));
    const past = await listOutbox(database.db, { limit: 4, skip: 20 });
    expect(past).toMatchObject({ emails: [], total: minutes.length });

    expect(first.emails[0]).toMatchObject({
      subject: 'Message 2',
      toAddress: 'buyer2@example.com',
      status: 'failed',
    });
  });

  it('caps the page size', async () => {
    const page = await listOutbox(database.db, { limit: 10_000, skip: 0 });
    expect(page.limit).toBe(100);
  });
});

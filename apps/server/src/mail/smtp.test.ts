// The SMTP transport against a real SMTP server on the loopback interface.
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import nodemailer from 'nodemailer';
import { Mailbox } from '../../test/mailbox.ts';
import { createSmtpTransport, InvalidMailError, SmtpError, type SmtpTransport } from './smtp.ts';

const FROM = 'Duka <hello@duka.co.ke>';
const USER = 'shop-mailer';
const PASSWORD = 's3cret-Pa55word';

let connections = 0;
const mailbox = new Mailbox({
  users: { [USER]: PASSWORD },
  refuseDomain: '@nowhere.example',
  onConnect: () => connections++,
});
const anyone = new Mailbox();
const transports: SmtpTransport[] = [];

function transport(smtpUrl: string, extra: { timeoutMs?: number } = {}) {
  const logger = { warn: vi.fn<(obj: unknown, msg?: string) => void>() };
  const t = createSmtpTransport({ smtpUrl, from: FROM, logger, ...extra });
  transports.push(t);
  return { transport: t, logger };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const authed = () => `smtp://${USER}:${PASSWORD}@127.0.0.1:${mailbox.port}`;

beforeAll(async () => {
  await mailbox.start();
  await anyone.start();
});

afterAll(async () => {
  await Promise.all(transports.map((t) => t.close()));
  await mailbox.stop();
  await anyone.stop();
});

beforeEach(() => {
  mailbox.clear();
  anyone.clear();
  vi.restoreAllMocks();
});

describe('createSmtpTransport', () => {
  it('delivers the message with its headers, text and HTML parts', async () => {
    const { transport: t } = transport(anyone.url);
    const text = 'Habari Alice,\n\nAsante sana for your message — we ship to Nairobi daily.\nDuka';
    await t.send({
      to: 'alice@example.com',
      subject: 'Re: Delivery to Nairobi',
      text,
      html: '<p>Habari <b>Alice</b></p>',
      replyTo: 'support@duka.co.ke',
    });
    expect(anyone.received).toHaveLength(1);
    const [message] = anyone.received;
    expect(message!.mailFrom).toBe('hello@duka.co.ke');
    expect(message!.rcptTo).toEqual(['alice@example.com']);
    expect(message!.headers.get('to')).toBe('alice@example.com');
    expect(message!.headers.get('from')).toBe(FROM);
    expect(message!.headers.get('subject')).toBe('Re: Delivery to Nairobi');
    expect(message!.headers.get('reply-to')).toBe('support@duka.co.ke');
    expect(message!.text).toBe(text);
    expect(message!.html).toBe('<p>Habari <b>Alice</b></p>');
  });

  it('sends a text-only message without a Reply-To when none is given', async () => {
    const { transport: t } = transport(anyone.url);
    await t.send({ to: 'bob@example.com', subject: 'Hello', text: 'Hi Bob' });
    const [message] = anyone.received;
    expect(message!.headers.has('reply-to')).toBe(false);
    expect(message!.text).toBe('Hi Bob');
    expect(message!.html).toBeUndefined();
  });

  it('logs in with the credentials in the URL', async () => {
    const { transport: t } = transport(authed());
    await t.send({ to: 'carol@example.com', subject: 'Hi', text: 'Authenticated' });
    expect(mailbox.received[0]?.user).toBe(USER);
  });

  it('creates one pooled transport and reuses its connection', async () => {
    const createTransport = vi.spyOn(nodemailer, 'createTransport');
    const { transport: t } = transport(authed());
    const before = connections;
    for (const n of [1, 2, 3])
      await t.send({ to: 'dan@example.com', subject: `No. ${n}`, text: 'x' });
    expect(mailbox.received).toHaveLength(3);
    expect(createTransport).toHaveBeenCalledTimes(1);
    expect(createTransport.mock.calls[0]?.[0]).toMatchObject({ pool: true });
    expect(connections - before).toBe(1);
  });

  it('throws on a rejected recipient, without the credentials in the error', async () => {
    const { transport: t } = transport(authed());
    const error = await t
      .send({ to: 'ghost@nowhere.example', subject: 'Hi', text: 'Lost' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmtpError);
    expect((error as Error).message).toMatch(/550|does not exist/);
    expect((error as Error).message).not.toContain(PASSWORD);
    expect(mailbox.received).toHaveLength(0);
  });

  it('throws on a refused log-in, and never puts the password in the error', async () => {
    const wrong = 'wr0ng-Pa55word';
    const { transport: t, logger } = transport(`smtp://${USER}:${wrong}@127.0.0.1:${mailbox.port}`);
    const error = (await t
      .send({ to: 'erin@example.com', subject: 'Hi', text: 'Nope' })
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(SmtpError);
    expect(error.message).toMatch(/login|auth|535/i);
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(USER);
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain(wrong);
    expect(mailbox.received).toHaveLength(0);
  });

  it('throws when nothing listens at the SMTP address', async () => {
    const { transport: t } = transport(`smtp://127.0.0.1:${await closedPort()}`);
    await expect(t.send({ to: 'fay@example.com', subject: 'Hi', text: 'Anyone?' })).rejects.toThrow(
      /ECONNREFUSED|connect/i,
    );
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const silent = new Set<net.Socket>();
    const mute = net.createServer((socket) => silent.add(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const { port: mutePort } = mute.address() as AddressInfo;
      const { transport: t } = transport(`smtp://127.0.0.1:${mutePort}`, { timeoutMs: 300 });
      await expect(
        t.send({ to: 'gus@example.com', subject: 'Hi', text: 'Hello?' }),
      ).rejects.toThrow(/greeting|timeout|timed out/i);
      expect(silent.size).toBeGreaterThan(0);
    } finally {
      for (const socket of silent) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
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
  ])('refuses %s and sends nothing', async (_name, mail) => {
    const { transport: t } = transport(anyone.url);
    await expect(t.send(mail)).rejects.toThrow(InvalidMailError);
    expect(anyone.received).toHaveLength(0);
  });

  it('still sends the same message once it is clean', async () => {
    await transport(anyone.url).transport.send(good);
    expect(anyone.received).toHaveLength(1);
  });
});

// The durable outbox against a real SMTP server on loopback: a request that causes a message
// never waits for the mail server, an outage delays mail without losing it, failed mail can be
// resent, and two workers never send one message twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin } from '../../test/accounts.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { outbox } from './schema.ts';
import { contacts } from '../contacts/schema.ts';
import { createSmtpTransport } from '../mail/smtp.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff.ts';
import { enqueueEmail, enqueueSms } from './service.ts';
import { drainOutbox } from './worker.ts';

const mailbox = new Mailbox();
let t: TestContext;
let keeper: TestContext;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://duka.example' });
  // The same shop without SMTP: mail is held until there is a mail server.
  keeper = await createTestApp({ PUBLIC_URL: 'https://duka.example' });
});
afterAll(async () => {
  await t.close();
  await keeper.close();
  await mailbox.stop();
});
afterEach(async () => {
  await mailbox.start(); // a test that stopped it leaves it running again
  mailbox.clear();
});

let n = 0;
async function contactMessage(db: TestContext['db']) {
  const [row] = await db
    .insert(contacts)
    .values({ name: 'Otieno', email: `otieno-${++n}@example.co.ke`, phone: '0712', message: 'Hi' })
    .returning();
  return row!;
}

async function row(db: TestContext['db'], recipient: string) {
  const [found] = await db.select().from(outbox).where(eq(outbox.recipient, recipient));
  return found!;
}

describe('the outbox', () => {
  it('answers the request while the SMTP server is down, and delivers after it comes back', async () => {
    const boss = await admin(t.app, t.db);
    const contact = await contactMessage(t.db);
    await mailbox.stop();

    // The admin's reply is answered while nothing listens at the SMTP address: it was queued, not
    // awaited, and no delivery was even tried during the request.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${contact.id}/reply`,
      headers: boss.auth,
      payload: { message: 'Your parcel is on its way.' },
    });
    expect(res.statusCode).toBe(200);
    expect(await row(t.db, contact.email)).toMatchObject({ status: 'pending', attempts: 0 });

    // The outage: the worker tries, fails, and schedules the next try.
    const start = Date.now();
    expect(await t.app.outbox.drain({ now: () => new Date(start) })).toMatchObject({ retrying: 1 });
    const waiting = await row(t.db, contact.email);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBe(start + retryDelayMs(1));
    // Not due yet: nothing is tried before its time.
    expect(await t.app.outbox.drain({ now: () => new Date(start + 1000) })).toMatchObject({
      retrying: 0,
      sent: 0,
    });

    await mailbox.start();
    const later = () => new Date(start + retryDelayMs(1));
    expect(await t.app.outbox.drain({ now: later })).toMatchObject({ sent: 1 });
    const [mail] = mailbox.to(contact.email);
    expect(mail!.headers.get('subject')).toBe('Re: your message to Duka');
    expect(mail!.text).toContain('Your parcel is on its way.');
    expect(mail!.html).toContain('Your parcel is on its way.');
    expect(await row(t.db, contact.email)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
    // Sent is sent: another run sends nothing more.
    expect(await t.app.outbox.drain({ now: later })).toMatchObject({ sent: 0 });
    expect(mailbox.to(contact.email)).toHaveLength(1);
  });

  it('gives up after the last retry; an admin sees it failed and sends it again', async () => {
    const boss = await admin(t.app, t.db);
    const to = `wanjiku-${++n}@example.co.ke`;
    await enqueueEmail(t.db, { kind: 'test', to, subject: 'Hello', text: 'Habari' });
    await mailbox.stop();
    let clock = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.app.outbox.drain({ now: () => new Date(clock) });
      clock += retryDelayMs(attempt);
    }
    expect(await row(t.db, to)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    const failed = await t.app.inject({
      url: '/api/admin/outbox?status=failed',
      headers: boss.auth,
    });
    const listed = failed.json().emails.find((e: { to: string }) => e.to === to);
    expect(listed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, kind: 'test' });
    expect(failed.json().emails.every((e: { status: string }) => e.status === 'failed')).toBe(true);

    await mailbox.start();
    const resend = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/outbox/${id}/resend`,
        headers: boss.auth,
      });
    const again = await resend(listed.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await t.app.outbox.drain()).toMatchObject({ sent: 1 });
    expect(mailbox.to(to)).toHaveLength(1);
    // A sent message is not sent twice by a resend.
    expect((await resend(listed.id)).statusCode).toBe(409);
    expect((await resend(999_999)).statusCode).toBe(404);
  });

  it('holds mail while no SMTP server is configured, links made whole', async () => {
    const to = `kept-${++n}@example.co.ke`;
    await enqueueEmail(keeper.db, {
      kind: 'test',
      to,
      subject: 'Your order',
      text: 'See {{PUBLIC_URL}}/userprofile/orderhistory',
      html: '<a href="{{PUBLIC_URL}}/">Duka</a>',
    });
    expect(await keeper.app.outbox.drain()).toMatchObject({ held: 1 });
    expect(await row(keeper.db, to)).toMatchObject({
      status: 'held',
      sentAt: null,
      body: 'See https://duka.example/userprofile/orderhistory',
      html: '<a href="https://duka.example/">Duka</a>',
    });
  });

  it('drops text messages when no SMS gateway is configured', async () => {
    expect(t.app.outbox.sms).toBe(false);
    const sms = await enqueueSms(t.db, { kind: 'test', phone: '0722 000 111', text: 'Hi' });
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+254722000111' });
    expect(await t.app.outbox.drain()).toMatchObject({ dropped: 1 });
    expect(await t.db.select().from(outbox).where(eq(outbox.id, sms!.id))).toEqual([]);
    expect(await enqueueSms(t.db, { kind: 'test', phone: 'not a phone', text: 'Hi' })).toBe(
      undefined,
    );
  });

  it('sends a message drained within the millisecond it was enqueued', async () => {
    // PostgreSQL's now() keeps microseconds, a Date only milliseconds (CI once drained too soon).
    const sms = await enqueueSms(t.db, { kind: 'test', phone: '0722 000 112', text: 'Hi' });
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: sql`'2026-11-26T10:50:00.123456Z'::timestamptz` })
      .where(eq(outbox.id, sms!.id));
    const sameMillisecond = () => new Date('2026-11-26T10:50:00.123Z');
    expect(await t.app.outbox.drain({ now: sameMillisecond })).toMatchObject({ dropped: 1 });
  });

  it('refuses to queue a message with a header injection', async () => {
    await expect(
      enqueueEmail(t.db, {
        kind: 'test',
        to: 'a@example.com\r\nBcc: eve@example.com',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_MAIL' });
  });

  it('sends each message once when two workers run at the same moment', async () => {
    const recipients = Array.from({ length: 12 }, () => `race-${++n}@example.co.ke`);
    for (const to of recipients)
      await enqueueEmail(t.db, { kind: 'test', to, subject: 'Hi', text: 'x' });
    const other = await t.database.openAnother();
    try {
      const deps = (db: TestContext['db']) => ({
        db,
        transports: {
          email: { send: (d: { to: string; subject: string; text: string }) => smtpSend(d) },
        },
        renderers: new Map(),
        publicUrl: 'https://duka.example',
      });
      const reports = await Promise.all([drainOutbox(deps(t.db)), drainOutbox(deps(other.db))]);
      expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(recipients.length);
    } finally {
      await other.close();
    }
    for (const to of recipients) expect(mailbox.to(to)).toHaveLength(1);
  });
});

// A bare SMTP client for the race above, so both workers share nothing but the database.
const client = () => createSmtpTransport({ smtpUrl: mailbox.url, from: 'Duka <hello@duka.test>' });
let shared: ReturnType<typeof client> | undefined;
async function smtpSend(d: { to: string; subject: string; text: string }) {
  shared ??= client();
  await shared.send(d);
}
afterAll(async () => shared?.close());

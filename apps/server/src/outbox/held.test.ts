// Mail that is never lost or claimed (issue 33). A shop without a mail server holds every e-mail,
// password resets and staff invitations too (their links are made only when they are sent), says
// so instead of "sent", and lists them in the Outbox; restarted with SMTP_URL it sends what
// waited, or an admin resends it, and the links in those mails work. Outside production the links
// are also written to the log; in production never.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RESET_LINK_MINUTES, RESET_MESSAGES } from '@duka/domain';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { admin, logIn, PASSWORD, shopper, type LoggedIn } from '../../test/accounts.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { outbox } from './schema.ts';
import { auditLog } from '../audit/schema.ts';
import { passwordResets } from '../auth/schema.ts';
import { staffInvitations } from '../staff/schema.ts';

const NEW_PASSWORD = 'Rainy#Night77';
const RESET_LINK = /https:\/\/duka\.example\/reset-password\?token=([A-Za-z0-9_-]+)/;
const INVITE_LINK = /https:\/\/duka\.example\/staff-invite\?token=([A-Za-z0-9_-]+)/;

interface Shop {
  app: App;
  /** Every log line at info and above, as pino writes them. */
  logs: string[];
  close(): Promise<void>;
}

const dataDirs: string[] = [];

/** The real app at info level, over `database` (closed with it when `owns`), with these settings. */
async function openShop(
  database: Database,
  env: Record<string, string>,
  owns = false,
): Promise<Shop> {
  const logs: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-held-'));
  dataDirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'a-random-enough-secret-0123456789-ABCDEFGHIJ',
    PUBLIC_URL: 'https://duka.example',
    BACKGROUND_JOBS: 'false',
    SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
    LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  });
  await app.ready();
  return {
    app,
    logs,
    close: async () => {
      await app.close();
      if (owns) await database.close();
    },
  };
}

const mailbox = new Mailbox();
let database: TestDatabase;
let held: Shop;
let owner: LoggedIn;

beforeAll(async () => {
  await mailbox.start();
  database = await createTestDatabase();
  held = await openShop(database, {});
  owner = await admin(held.app, database.db);
});
afterAll(async () => {
  await held.close();
  await database.close();
  await mailbox.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const call = (app: App, method: string, url: string, who?: LoggedIn, payload?: object) =>
  app.inject({
    method: method as 'GET',
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload ? { payload } : {}),
  });

const rowsTo = (recipient: string) =>
  database.db.select().from(outbox).where(eq(outbox.recipient, recipient));

const loggedLinks = (shop: Shop, pattern: RegExp) =>
  shop.logs.flatMap((line) => {
    const match = pattern.exec(line);
    return match ? [match[1]!] : [];
  });

describe('without a mail server', () => {
  it('holds a reset, says so instead of "sent", and logs its link outside production', async () => {
    const me = await shopper(held.app);
    const res = await call(held.app, 'POST', '/api/forgot-password', undefined, {
      email: me.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_MESSAGES.requestedHeld, delivery: 'held' });
    expect(res.json().message).not.toMatch(/sent a link/);
    expect(await held.app.outbox.drain()).toMatchObject({ held: 1, sent: 0 });
    expect(await rowsTo(me.email)).toMatchObject([
      { kind: 'password-reset', status: 'held', sentAt: null },
    ]);
    // A developer follows the link from the log: labelled, and it works.
    const line = held.logs.find((l) => l.includes(me.email) && RESET_LINK.test(l));
    expect(JSON.parse(line!)).toMatchObject({ level: 30, kind: 'password-reset' });
    expect(JSON.parse(line!).msg).toMatch(
      /^Password reset link for .* \(logged outside production/,
    );
    const [token] = loggedLinks(held, RESET_LINK);
    expect(
      (await call(held.app, 'POST', '/api/reset-password/check', undefined, { token })).statusCode,
    ).toBe(200);
  });

  it('holds an invitation and lists both in the Outbox for those who answer customers', async () => {
    const email = `packer-${Date.now()}@example.co.ke`;
    const sent = await call(held.app, 'POST', '/api/admin/staff/invitations', owner, {
      email,
      role: 'fulfilment',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email, delivery: 'held', waiting_for_mail: true });
    expect(await held.app.outbox.drain()).toMatchObject({ held: 1 });

    const list = await call(held.app, 'GET', '/api/admin/outbox?status=held', owner);
    expect(list.statusCode).toBe(200);
    const invitation = list.json().emails.find((m: { to: string }) => m.to === email);
    expect(invitation).toMatchObject({
      kind: 'staff-invitation',
      status: 'held',
      subject: 'You are invited to run a Duka shop',
      sent_at: null,
      last_error: null,
    });
    expect(list.json().emails.map((m: { kind: string }) => m.kind)).toContain('password-reset');
    expect(list.json().emails.every((m: { status: string }) => m.status === 'held')).toBe(true);
    expect((await call(held.app, 'GET', '/api/admin/outbox?status=kept', owner)).statusCode).toBe(
      400,
    );

    // Support and managers answer customers (contacts.reply); the catalogue team does not.
    const support = await admin(held.app, database.db, 'support');
    expect((await call(held.app, 'GET', '/api/admin/outbox', support)).statusCode).toBe(200);
    const catalogue = await admin(held.app, database.db, 'catalogue');
    expect((await call(held.app, 'GET', '/api/admin/outbox', catalogue)).statusCode).toBe(403);
    const resendAs = (who: LoggedIn) =>
      call(held.app, 'POST', `/api/admin/outbox/${invitation.id}/resend`, who);
    expect((await resendAs(catalogue)).statusCode).toBe(403);

    // A resend cannot help until the shop has a mail server, and says what to set.
    const refused = await resendAs(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NO_TRANSPORT' });
    expect(refused.json().error).toContain('SMTP_URL');

    expect((await call(held.app, 'GET', '/api/mail-status')).json()).toEqual({
      email: false,
      sms: false,
    });
  });

  it('answers a reply to a customer without saying it was sent', async () => {
    const boss = await admin(held.app, database.db, 'support');
    const contact = await call(held.app, 'POST', '/api/contact', undefined, {
      name: 'Akinyi',
      email: 'akinyi@example.co.ke',
      phone: '0712345678',
      message: 'Is it in stock?',
    });
    expect(contact.statusCode).toBe(201);
    const [message] = (await call(held.app, 'GET', '/api/admin/messages', boss)).json().messages;
    const reply = await call(held.app, 'POST', `/api/admin/messages/${message.id}/reply`, boss, {
      message: 'Yes, karibu.',
    });
    expect(reply.json()).toEqual({
      message: 'Reply saved: it will be e-mailed when the shop can send mail.',
    });
  });
});

describe('restarted with a mail server', () => {
  let smtp: Shop;
  beforeAll(async () => {
    smtp = await openShop(await database.openAnother(), { SMTP_URL: mailbox.url }, true);
  });
  afterAll(() => smtp.close());

  it('sends the held reset by itself, with a link valid for its full hour from then', async () => {
    const me = await shopper(smtp.app);
    await call(held.app, 'POST', '/api/forgot-password', undefined, { email: me.email });
    await held.app.outbox.drain();
    const [devToken] = loggedLinks(held, RESET_LINK).slice(-1);

    // Two days later the shop has a mail server.
    const later = new Date(Date.now() + 2 * 24 * 3_600_000);
    const report = await smtp.app.outbox.drain({ now: () => later });
    expect(report?.released).toBeGreaterThanOrEqual(1);
    const [mail] = mailbox.to(me.email);
    expect(mail!.headers.get('subject')).toBe('Reset your Duka password');
    const token = RESET_LINK.exec(mail!.text)![1]!;
    expect(await rowsTo(me.email)).toMatchObject([{ status: 'sent', sentAt: later }]);
    const live = (
      await database.db.select().from(passwordResets).where(eq(passwordResets.userId, me.id))
    ).filter((r) => r.usedAt === null);
    expect(live).toHaveLength(1);
    expect(live[0]!.expiresAt.getTime()).toBe(later.getTime() + RESET_LINK_MINUTES * 60_000);

    // The link made when the mail went replaces the one in the log, and sets the password.
    const use = (t: string) =>
      call(smtp.app, 'POST', '/api/reset-password', undefined, {
        token: t,
        password: NEW_PASSWORD,
      });
    expect((await use(devToken!)).statusCode).toBe(410);
    expect((await use(token)).statusCode).toBe(200);
    expect((await logIn(smtp.app, me.email, NEW_PASSWORD)).email).toBe(me.email);
  });

  it('sends only the newest of two waiting resets: the older cannot outlive it', async () => {
    const me = await shopper(smtp.app);
    for (let i = 0; i < 2; i++) {
      await call(held.app, 'POST', '/api/forgot-password', undefined, { email: me.email });
      await held.app.outbox.drain();
    }
    expect(await rowsTo(me.email)).toHaveLength(2);
    await smtp.app.outbox.drain();
    expect(mailbox.to(me.email)).toHaveLength(1);
    expect(await rowsTo(me.email)).toMatchObject([{ status: 'sent' }]);
    const token = RESET_LINK.exec(mailbox.to(me.email)[0]!.text)![1]!;
    const done = await call(smtp.app, 'POST', '/api/reset-password', undefined, {
      token,
      password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
  });

  it('sends a held invitation when an admin resends it; its link lets the invitee join', async () => {
    const email = `picker-${Date.now()}@example.co.ke`;
    await call(held.app, 'POST', '/api/admin/staff/invitations', owner, {
      email,
      role: 'fulfilment',
    });
    await held.app.outbox.drain();
    const [message] = await rowsTo(email);
    expect(message).toMatchObject({ status: 'held' });
    const boss = await logIn(smtp.app, owner.email);

    const resent = await call(smtp.app, 'POST', `/api/admin/outbox/${message!.id}/resend`, boss);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'pending' });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.resend'), eq(auditLog.entityId, String(message!.id))));
    expect(audit).toMatchObject({
      actorId: owner.id,
      before: { status: 'held' },
      after: { status: 'pending', to: email, kind: 'staff-invitation' },
    });
    expect((await call(smtp.app, 'GET', '/api/mail-status')).json()).toEqual({
      email: true,
      sms: false,
    });

    await smtp.app.outbox.drain();
    const mail = mailbox.to(email).at(-1);
    expect(mail?.headers.get('subject')).toBe('You are invited to run a Duka shop');
    const token = INVITE_LINK.exec(mail!.text)![1]!;
    const listed = (await call(smtp.app, 'GET', '/api/admin/outbox', boss)).json();
    expect(listed.emails.find((m: { id: number }) => m.id === message!.id)).toMatchObject({
      status: 'sent',
      sent_at: expect.any(String),
    });
    const [invitation] = await database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, email));
    expect(invitation!.tokenHash).not.toContain(token);

    const accepted = await call(smtp.app, 'POST', '/api/staff-invitations/accept', undefined, {
      token,
      username: `picker${Date.now()}`,
      phone_number: '0712345678',
      password: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const picker = await logIn(smtp.app, email);
    expect((await call(smtp.app, 'GET', '/api/current_user', picker)).json()).toMatchObject({
      role: 'fulfilment',
    });
  });
});

describe('in production', () => {
  it('never writes a reset or invitation link to the log, held or sent', async () => {
    const own = await createTestDatabase();
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: PASSWORD };
    const quiet = await openShop(own, production);
    const sending = await openShop(
      await own.openAnother(),
      { ...production, SMTP_URL: mailbox.url },
      true,
    );
    try {
      const me = await shopper(quiet.app);
      const boss = await admin(quiet.app, own.db);
      const invited = `prod-${Date.now()}@example.co.ke`;
      await call(quiet.app, 'POST', '/api/forgot-password', undefined, { email: me.email });
      await call(quiet.app, 'POST', '/api/admin/staff/invitations', boss, {
        email: invited,
        role: 'support',
      });
      expect(await quiet.app.outbox.drain()).toMatchObject({ held: 2 });
      // Held in production, the invitation's link is not even made yet.
      const staff = (await call(quiet.app, 'GET', '/api/admin/staff', boss)).json();
      expect(staff.invitations).toMatchObject([{ email: invited, waiting_for_mail: true }]);

      expect(await sending.app.outbox.drain()).toMatchObject({ released: 2, sent: 2 });
      const resetMail = mailbox.to(me.email).at(-1)!;
      const inviteMail = mailbox.to(invited).at(-1)!;
      const secrets = [
        RESET_LINK.exec(resetMail.text)![1]!,
        INVITE_LINK.exec(inviteMail.text)![1]!,
      ];
      // The log takes info lines (as outside production, where the links are written).
      quiet.app.log.info('held.test: info is written');
      sending.app.log.info('held.test: info is written');
      const logs = [...quiet.logs, ...sending.logs].join('\n');
      expect(logs.match(/held\.test: info is written/g)).toHaveLength(2);
      for (const secret of secrets) expect(logs).not.toContain(secret);
      expect(logs).not.toMatch(/reset-password\?token=|staff-invite\?token=/);
    } finally {
      await sending.close();
      await quiet.close();
      await own.close();
    }
  });
});

// Forgot password, end to end against a real SMTP server on loopback.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, RESET_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { logIn, PASSWORD, shopper } from '../../test/accounts.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { passwordResets } from './schema.ts';
import { outbox } from '../outbox/schema.ts';

const NEW_PASSWORD = 'Rainy#Night77';
const mailbox = new Mailbox();
let t: TestContext;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://duka.example' });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});
beforeEach(() => mailbox.clear());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });
const forgot = (email: string) => post('/forgot-password', { email });

/** Asks for a link and reads it from the mail the shopper received. */
async function resetLinkFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  await t.app.outbox.drain();
  const mails = mailbox.to(email);
  const match = /https:\/\/duka\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
    mails.at(-1)?.text ?? '',
  );
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('password reset', () => {
  it('mails a link that sets a new password once, and ends every session', async () => {
    const me = await shopper(t.app);
    const other = await logIn(t.app, me.email);

    const res = await forgot(me.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_MESSAGES.requested, delivery: 'queued' });
    expect(await t.app.outbox.drain()).toMatchObject({ sent: 1 });
    const [mail] = mailbox.to(me.email);
    expect(mail!.headers.get('subject')).toBe('Reset your Duka password');
    expect(mail!.text).toContain(`Habari ${me.username},`);
    expect(mail!.text).toMatch(/until \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Nairobi time\)/);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail!.html).toContain(`https://duka.example/reset-password?token=${token}`);
    expect(mail!.html).toContain('Reset Password');

    // Stored hashed: neither the outbox nor the resets table holds the token itself.
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.recipient, me.email));
    expect(kept).toMatchObject({ status: 'sent', kind: 'password-reset' });
    expect(kept!.body).not.toContain(token);
    expect(kept!.html).not.toContain(token);
    expect(kept!.body).toContain('reset-password?token=[hidden]');
    const resets = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, me.id));
    expect(resets).toHaveLength(1);
    expect(JSON.stringify(resets)).not.toContain(token);
    const minutes = (resets[0]!.expiresAt.getTime() - resets[0]!.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);

    expect((await post('/reset-password/check', { token })).statusCode).toBe(200);
    const done = await post('/reset-password', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_MESSAGES.done });

    // Every session ended; the old password is refused; the new one works.
    for (const session of [me, other]) {
      const current = await t.app.inject({ url: '/api/current_user', headers: session.auth });
      expect(current.statusCode).toBe(401);
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { authorization: `Bearer ${me.refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);
    const old = await post('/login', { email: me.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    expect((await post('/login', { email: me.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    // The link works once.
    const again = await post('/reset-password', { token, password: 'Other#Pass99' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      error: RESET_MESSAGES.invalidLink,
    });
    expect((await post('/reset-password/check', { token })).statusCode).toBe(410);
    expect((await post('/login', { email: me.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const known = await shopper(t.app);
    const unknown = `nobody-${Date.now()}@example.co.ke`;
    const [a, b] = [await forgot(known.email), await forgot(unknown)];
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(await t.app.outbox.drain()).toMatchObject({ sent: 1, dropped: 1 });
    expect(mailbox.to(known.email)).toHaveLength(1);
    expect(mailbox.to(unknown)).toHaveLength(0);
    expect(mailbox.received).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, unknown))).toEqual([]);
  });

  it('refuses an expired link, a made-up one, and an older link once a newer was sent', async () => {
    const me = await shopper(t.app);
    const first = await resetLinkFor(me.email);
    const second = await resetLinkFor(me.email);
    expect(
      (await post('/reset-password', { token: first, password: NEW_PASSWORD })).statusCode,
    ).toBe(410);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, me.id));
    const expired = await post('/reset-password', { token: second, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe(RESET_MESSAGES.invalidLink);
    expect(
      (await post('/reset-password', { token: 'made-up', password: NEW_PASSWORD })).statusCode,
    ).toBe(410);
    expect((await post('/login', { email: me.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rule, and the link stays usable', async () => {
    const me = await shopper(t.app);
    const token = await resetLinkFor(me.email);
    const weak = await post('/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe(AUTH_MESSAGES.passwordRule);
    expect((await post('/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('limits requests per account', async () => {
    const me = await shopper(t.app);
    for (let i = 0; i < t.config.PASSWORD_RESETS_PER_ACCOUNT; i++) {
      expect((await forgot(me.email)).statusCode).toBe(200);
    }
    const blocked = await forgot(me.email);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up by it.
    expect((await forgot(`someone-${Date.now()}@example.co.ke`)).statusCode).toBe(200);
  });
});

describe('password reset limits per address', () => {
  it('limits requests from one address, whatever e-mail they name', async () => {
    const small = await createTestApp({ PASSWORD_RESETS_PER_ADDRESS: '3' });
    try {
      const ask = (i: number) =>
        small.app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email: `guess-${i}@example.co.ke` },
        });
      for (const i of [1, 2, 3]) expect((await ask(i)).statusCode).toBe(200);
      expect((await ask(4)).statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});

// Issue 37: the language of an account is the shop's language the person last used (signing up,
// signing in with or without the second step, or picked on the profile), and its account e-mails
// (a password reset, a reply to their message) are written in it, with links to the /sw/ pages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, logIn, PASSWORD, signUp, turnOnTwoFactor } from '../../test/accounts.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { codeAt, stepAt } from './totp.ts';
import { users } from './schema.ts';

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

const sw = { 'accept-language': 'sw' };
const languageOf = async (email: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]!
    .language;

/** Signs up from the shop in `language` (the web sends it on every call). */
async function signedUpIn(language: string) {
  const { body } = await signUp(t.app);
  // signUp posts without a language; sign up again from the shop to see it kept.
  const email = `sw-${body.email as string}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'accept-language': language },
    payload: { ...body, email, username: `${body.username as string}-sw` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return email;
}

const logInFrom = (email: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { email, password: PASSWORD },
  });

describe("an account's language", () => {
  it('is the one it signed up in, then follows each sign-in, and the profile shows it', async () => {
    const email = await signedUpIn('sw-KE');
    expect(await languageOf(email)).toBe('sw');

    const fromSw = await logInFrom(email, sw);
    expect(fromSw.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${fromSw.json().access_token}` };
    const profile = await t.app.inject({ url: '/api/profile', headers: auth });
    expect(profile.json().language).toBe('sw');

    expect((await logInFrom(email, { 'accept-language': 'en-GB,en;q=0.9' })).statusCode).toBe(200);
    expect(await languageOf(email)).toBe('en');
  });

  it('follows a sign-in that takes a second step', async () => {
    const email = await signedUpIn('en');
    const me = await logIn(t.app, email);
    const secret = await turnOnTwoFactor(t.app, me);
    const first = await logInFrom(email, sw);
    expect(first.json().mfa_required).toBe(true);
    // Only a finished sign-in counts: the first step alone changes nothing.
    expect(await languageOf(email)).toBe('en');
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login/2fa',
      headers: sw,
      payload: { mfa_token: first.json().mfa_token, code: codeAt(secret, stepAt(Date.now()) + 1) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await languageOf(email)).toBe('sw');
  });

  it('is picked on the profile with the language alone; anything but en or sw is refused', async () => {
    const email = await signedUpIn('en');
    const me = await logIn(t.app, email);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/profile', headers: me.auth, payload });

    const picked = await patch({ language: 'sw' });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(await languageOf(email)).toBe('sw');
    const profile = await t.app.inject({ url: '/api/profile', headers: me.auth });
    expect(profile.json()).toMatchObject({ language: 'sw', email });

    const wrong = await patch({ language: 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('language');
    expect(await languageOf(email)).toBe('sw');
  });
});

describe('account e-mails', () => {
  it('reset a Kiswahili account’s password in Kiswahili, with a link to the /sw/ page that works', async () => {
    const email = await signedUpIn('sw');
    // Asked for from the English shop: the account's language decides, not the request's.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.outbox.drain();
    const [mail] = mailbox.to(email);
    expect(mail!.headers.get('subject')).toBe('Badilisha nenosiri lako la Duka');
    expect(mail!.text).toMatch(/^Habari shopper-\w+-sw,/);
    expect(mail!.text).toContain('ameomba kubadilisha nenosiri la akaunti yako ya Duka');
    expect(mail!.text).toMatch(/hadi \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\./);
    expect(mail!.html).toContain('<html lang="sw">');
    expect(mail!.html).toContain('Badilisha nenosiri');
    const token = /https:\/\/duka\.example\/sw\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mail!.text,
    )?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Rainy#Night77' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('reset an English account’s password in English, as before', async () => {
    const email = await signedUpIn('en');
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: sw,
      payload: { email },
    });
    await t.app.outbox.drain();
    const [mail] = mailbox.to(email);
    expect(mail!.headers.get('subject')).toBe('Reset your Duka password');
    expect(mail!.text).toMatch(/https:\/\/duka\.example\/reset-password\?token=/);
    expect(mail!.html).toContain('Reset Password');
  });

  it("frame a reply to a customer's message in the account's language", async () => {
    const email = await signedUpIn('sw');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: sw,
      payload: { name: 'Achieng', email, phone: '0712345678', message: 'Oda yangu iko wapi?' },
    });
    expect(sent.statusCode).toBe(201);
    const boss = await admin(t.app, t.db);
    const list = await t.app.inject({ url: '/api/admin/contacts', headers: boss.auth });
    const id = list.json().contacts.find((c: { email: string }) => c.email === email).id;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${id}/reply`,
      headers: boss.auth,
      payload: { message: 'Oda yako itafika kesho.' },
    });
    expect(reply.statusCode).toBe(200);
    await t.app.outbox.drain();
    const [mail] = mailbox.to(email);
    expect(mail!.headers.get('subject')).toBe('Jibu: ujumbe wako kwa Duka');
    expect(mail!.text).toContain(
      'Habari Achieng,\n\nOda yako itafika kesho.\n\nHuduma kwa wateja, Duka',
    );
    expect(mail!.text).toContain('> Oda yangu iko wapi?');
  });
});

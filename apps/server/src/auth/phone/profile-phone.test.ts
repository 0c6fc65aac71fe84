// A number proven on the profile, the account a phone sign-in makes (no e-mail, no password until
// given), and whether the option is offered at all: without an SMS gateway the code goes to the
// log outside production, and production turns the option off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { admin, logIn, shopper, type LoggedIn } from '../../../test/accounts.ts';
import {
  ageCodes,
  askCode,
  codeSentTo,
  freshAddress,
  freshPhone,
  phoneTestApp,
  signInByPhone,
} from '../../../test/phone-fixture.ts';
import { AfricasTalkingStandIn } from '../../../test/stand-ins/africas-talking.ts';
import { users } from '../schema.ts';

const sms = new AfricasTalkingStandIn();
let t: TestContext;

beforeAll(async () => {
  await sms.start();
  t = await phoneTestApp(sms);
});
afterAll(async () => {
  await t.close();
  await sms.stop();
});

type Auth = { authorization: string };
const post = (url: string, headers: Auth, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers,
    payload,
    remoteAddress: freshAddress(),
  });
const patch = (headers: Auth, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload });
const profileOf = async (headers: Auth) =>
  (await t.app.inject({ url: '/api/profile', headers })).json();

/** Adds the number to the shopper's profile with the code it got. */
async function verifyOnProfile(who: LoggedIn, phone: { typed: string; kept: string }) {
  expect((await post('/profile/phone', who.auth, { phone: phone.typed })).statusCode).toBe(202);
  return post('/profile/phone/verify', who.auth, {
    phone: phone.typed,
    code: codeSentTo(sms, phone.kept),
  });
}

/** A new account made by phone sign-in, signed in. */
async function phoneAccount() {
  const phone = freshPhone();
  const res = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
  const body = res.json();
  return {
    phone,
    id: body.user.id as number,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

describe("the profile's phone number", () => {
  it('is verified with a code sent to it, and then signs the account in', async () => {
    const me = await shopper(t.app);
    expect((await profileOf(me.auth)).phone_verified).toBe(false);
    const phone = freshPhone();
    const res = await verifyOnProfile(me, phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your phone number is verified.' });
    expect(await profileOf(me.auth)).toMatchObject({
      phone_number: phone.kept,
      phone_verified: true,
    });
    await ageCodes(t.db, phone.kept, 61);
    const signIn = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(signIn.json()).toMatchObject({ is_new_account: false, user: { id: me.id } });
  });

  it('refuses a wrong code with 400 (the session is fine), and a number verified by another', async () => {
    const me = await shopper(t.app);
    const phone = freshPhone();
    await post('/profile/phone', me.auth, { phone: phone.typed });
    const code = codeSentTo(sms, phone.kept);
    const wrong = await post('/profile/phone/verify', me.auth, {
      phone: phone.typed,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_WRONG');
    // Someone else's code for the number is not mine either.
    const someone = await shopper(t.app);
    await ageCodes(t.db, phone.kept, 61);
    await post('/profile/phone', someone.auth, { phone: phone.typed });
    const theirs = codeSentTo(sms, phone.kept);
    expect(
      (await post('/profile/phone/verify', me.auth, { phone: phone.typed, code: theirs }))
        .statusCode,
    ).toBe(400);

    const owner = await phoneAccount();
    const me2 = await shopper(t.app);
    await ageCodes(t.db, owner.phone.kept, 61);
    const taken = await verifyOnProfile(me2, owner.phone);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: 'Another account already uses this phone number.',
      code: 'PHONE_TAKEN',
    });
    expect((await profileOf(me2.auth)).phone_verified).toBe(false);
  });

  it('loses its verification when PATCH /api/profile changes it, not when it is written another way', async () => {
    const me = await shopper(t.app);
    const phone = freshPhone();
    expect((await verifyOnProfile(me, phone)).statusCode).toBe(200);
    const d = phone.kept.slice(4);
    const same = await patch(me.auth, {
      phone_number: `0${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
    });
    expect(same.statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({
      phone_number: phone.kept,
      phone_verified: true,
    });

    const other = freshPhone();
    expect((await patch(me.auth, { phone_number: other.typed })).statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({
      phone_number: other.typed,
      phone_verified: false,
    });
    // The old number no longer signs this account in.
    await ageCodes(t.db, phone.kept, 61);
    const signIn = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(signIn.json().is_new_account).toBe(true);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/phone',
      payload: { phone: freshPhone().typed },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('an account made by phone', () => {
  it('sets its first password and e-mail without a current password, then logs in with them', async () => {
    const account = await phoneAccount();
    const email = `phone-${account.id}@example.co.ke`;
    // No password yet: no password of any kind logs in with the e-mail it gives.
    expect((await patch(account.auth, { email })).statusCode).toBe(200);
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Anything#1' },
    });
    expect(before.statusCode).toBe(401);

    const set = await patch(account.auth, { newPassword: 'Rainy#Night77' });
    expect(set.statusCode).toBe(200);
    expect(await profileOf(account.auth)).toMatchObject({ email, has_password: true });
    expect((await logIn(t.app, email, 'Rainy#Night77')).id).toBe(account.id);
    // From now on the password guards itself.
    const change = await patch(account.auth, { newPassword: 'Sunny#Day4242' });
    expect(change.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
  });

  it('is deleted with a password: it sets one first; its number can then start afresh', async () => {
    const account = await phoneAccount();
    const erase = (currentPassword: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/profile',
        headers: account.auth,
        payload: { currentPassword },
      });
    const without = await erase('Anything#1');
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('PASSWORD_NOT_SET');
    await patch(account.auth, { newPassword: 'Rainy#Night77' });
    expect((await erase('Rainy#Night77')).statusCode).toBe(200);
    const [gone] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(gone).toMatchObject({ phoneNumber: '', phoneVerifiedAt: null });
    const again = await signInByPhone(t.app, t.db, sms, account.phone, {
      remoteAddress: freshAddress(),
    });
    expect(again.json()).toMatchObject({ is_new_account: true });
    expect(again.json().user.id).not.toBe(account.id);
  });

  it('cannot be made staff until it has an e-mail and a password', async () => {
    const account = await phoneAccount();
    const owner = await admin(t.app, t.db);
    const makeAdmin = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${account.id}`,
        headers: owner.auth,
        payload: { is_admin: true },
      });
    const refused = await makeAdmin();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NO_LOG_IN');
  });
});

describe('whether the shop offers phone sign-in', () => {
  it('says so in its settings and at GET /api/login/phone', async () => {
    expect((await t.app.inject('/api/settings')).json().phone_sign_in).toBe(true);
    expect((await t.app.inject('/api/login/phone')).json()).toEqual({ phone_sign_in: true });
  });

  it('without an SMS gateway, outside production, writes the code to the log', async () => {
    const local = await createTestApp();
    try {
      const info = vi.spyOn(local.app.log, 'info');
      const phone = freshPhone();
      expect((await askCode(local.app, phone.typed)).statusCode).toBe(202);
      const line = info.mock.calls.find((c) => JSON.stringify(c).includes(phone.kept));
      expect(line?.[0]).toMatchObject({
        phone: phone.kept,
        code: expect.stringMatching(/^\d{6}$/),
      });
      const code = (line![0] as unknown as { code: string }).code;
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/login/phone/verify',
        payload: { phone: phone.typed, code },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('without an SMS gateway, in production, is off: hidden in the settings, 503 if asked', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject('/api/settings')).json().phone_sign_in).toBe(false);
      const res = await askCode(production.app, freshPhone().typed);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PHONE_SIGN_IN_OFF');
    } finally {
      await production.close();
    }
  });
});

// Signing in with a phone number (issue 37), end to end against the Africa's Talking stand-in:
// the code is read from the SMS it received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PHONE_SIGN_IN_MESSAGES } from '@duka/domain';
import type { TestContext } from '../../../test/app.ts';
import { admin, shopper, turnOnTwoFactor } from '../../../test/accounts.ts';
import {
  ageCodes,
  askCode,
  codeSentTo,
  freshAddress,
  freshPhone,
  phoneTestApp,
  signInByPhone,
  verifyCode,
} from '../../../test/phone-fixture.ts';
import { AfricasTalkingStandIn } from '../../../test/stand-ins/africas-talking.ts';
import { auditLog } from '../../audit/schema.ts';
import { codeAt, stepAt } from '../totp.ts';
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

const me = (auth: { authorization: string }) =>
  t.app.inject({ url: '/api/profile', headers: auth });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('asking for a code', () => {
  it('answers 202 the same for a number with an account and one without, and texts both', async () => {
    const known = freshPhone();
    const unknown = freshPhone();
    const caller = { remoteAddress: freshAddress() };
    expect((await signInByPhone(t.app, t.db, sms, known, caller)).statusCode).toBe(200);

    const a = await askCode(t.app, known.typed, caller);
    const b = await askCode(t.app, unknown.typed, caller);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual({ resend_after_seconds: 60 });
    expect(b.body).toBe(a.body);
    expect(sms.to(unknown.kept).at(-1)!.message).toMatch(
      /^Your Duka code is \d{6}\. It expires in 5 minutes\. Do not share it\.$/,
    );
    expect(sms.to(known.kept)).toHaveLength(2);
  });

  it('writes the SMS in Kiswahili when asked in Kiswahili', async () => {
    const phone = freshPhone();
    const caller = { remoteAddress: freshAddress() };
    expect((await askCode(t.app, phone.typed, caller, { language: 'sw' })).statusCode).toBe(202);
    expect(sms.to(phone.kept).at(-1)!.message).toMatch(
      /^Nambari yako ya Duka ni \d{6}\. Itaisha baada ya dakika 5\. Usimpe mtu yeyote\.$/,
    );
  });

  it('refuses what is not a Kenyan mobile number, and codes of the wrong form, with 400', async () => {
    const caller = { remoteAddress: freshAddress() };
    for (const phone of ['0212345678', '+255712345678', '07123', 'call me', '']) {
      const res = await askCode(t.app, phone, caller);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({
        error: PHONE_SIGN_IN_MESSAGES.phoneInvalid,
        code: 'PHONE_INVALID',
        fields: { phone: PHONE_SIGN_IN_MESSAGES.phoneInvalid },
      });
    }
    const phone = freshPhone();
    for (const code of ['12345', '1234567', '12a456', 'abcdef', '']) {
      const res = await verifyCode(t.app, phone.typed, code, caller);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'CODE_INVALID',
        fields: { code: PHONE_SIGN_IN_MESSAGES.codeInvalid },
      });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/login/phone/verify',
      payload: { code: '123456' },
      ...caller,
    });
    expect(missing.json().code).toBe('PHONE_INVALID');
    expect(sms.received.filter((m) => m.to === phone.kept)).toHaveLength(0);
  });
});

describe('signing in with the code', () => {
  it('makes a shopper account for a new number, named at once through PATCH /api/profile', async () => {
    const phone = freshPhone();
    const res = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ is_new_account: true, token_type: 'Bearer' });
    expect(body.user).toMatchObject({ email: null, phone_number: phone.kept, role: null });
    expect(body.user.username).toMatch(/^Shopper \d{4}$/);

    const auth = bearer(body.access_token);
    expect((await me(auth)).json()).toMatchObject({
      email: null,
      phone_number: phone.kept,
      phone_verified: true,
      has_password: false,
    });
    const named = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: auth,
      payload: { username: 'Achieng Odhiambo' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().user).toMatchObject({ username: 'Achieng Odhiambo', email: null });
    expect((await me(auth)).json()).toMatchObject({
      username: 'Achieng Odhiambo',
      phone_verified: true,
    });
    // The refresh token works like a password log-in's.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: bearer(body.refresh_token),
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('gives each new account a name of its own', async () => {
    const caller = { remoteAddress: freshAddress() };
    const names = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await signInByPhone(t.app, t.db, sms, freshPhone(), caller);
      names.add(res.json().user.username);
    }
    expect(names.size).toBe(5);
  });

  it('signs the same account in whichever usual form the number is typed in', async () => {
    const phone = freshPhone();
    const d = phone.kept.slice(4); // 7XXXXXXXX
    const caller = { remoteAddress: freshAddress() };
    // Each code asked for in one form and sent back in another.
    const pairs = [
      [`0${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`, `+254${d}`],
      [`254${d}`, `0${d}`],
      [
        `+254 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
        `0${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
      ],
      [`0${d}`, `254 ${d}`],
    ];
    const ids = new Set<number>();
    for (const [asked, sent] of pairs) {
      expect((await askCode(t.app, asked!, caller)).statusCode, asked).toBe(202);
      const res = await verifyCode(t.app, sent!, codeSentTo(sms, phone.kept), caller);
      expect(res.statusCode, sent).toBe(200);
      ids.add(res.json().user.id);
      await ageCodes(t.db, phone.kept, 61);
    }
    expect(ids.size).toBe(1);
    expect(sms.to(phone.kept)).toHaveLength(pairs.length);
    const accounts = await t.db.select().from(users).where(eq(users.phoneNumber, phone.kept));
    expect(accounts).toHaveLength(1);
  });

  it('signs in the account that verified the number, even one made by e-mail', async () => {
    const phone = freshPhone();
    const old = await shopper(t.app, { phone_number: phone.typed });
    await t.db
      .update(users)
      .set({ phoneNumber: phone.kept, phoneVerifiedAt: new Date() })
      .where(eq(users.id, old.id));
    const res = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_new_account: false,
      user: { id: old.id, email: old.email, username: old.username },
    });
  });

  it('never signs in an account that only typed the number: that stays as it is', async () => {
    const phone = freshPhone();
    const typedOnly = await shopper(t.app, { phone_number: phone.kept });
    const res = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_new_account).toBe(true);
    expect(res.json().user.id).not.toBe(typedOnly.id);
    const [untouched] = await t.db.select().from(users).where(eq(users.id, typedOnly.id));
    expect(untouched).toMatchObject({ phoneNumber: phone.kept, phoneVerifiedAt: null });
    expect((await me(typedOnly.auth)).json().phone_verified).toBe(false);
  });

  it('refuses a code sent to another number with the same 401 as a wrong one', async () => {
    const mine = freshPhone();
    const theirs = freshPhone();
    const caller = { remoteAddress: freshAddress() };
    await askCode(t.app, mine.typed, caller);
    await askCode(t.app, theirs.typed, caller);
    const stolen = await verifyCode(t.app, mine.typed, codeSentTo(sms, theirs.kept), caller);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({
      error: 'That code is not right or has expired. Ask for a new one.',
      code: 'CODE_WRONG',
    });
    const never = await verifyCode(t.app, freshPhone().typed, '123456', caller);
    expect(never.statusCode).toBe(401);
    expect(never.body).toBe(stolen.body);
  });
});

describe('staff', () => {
  async function staffWithPhone() {
    const staff = await admin(t.app, t.db, 'manager');
    const phone = freshPhone();
    await t.db
      .update(users)
      .set({ phoneNumber: phone.kept, phoneVerifiedAt: new Date() })
      .where(eq(users.id, staff.id));
    return { staff, phone };
  }
  const auditRows = (action: string, actorId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)));

  it('with two-step sign-in get the same second step as a password log-in', async () => {
    const { staff, phone } = await staffWithPhone();
    const secret = await turnOnTwoFactor(t.app, staff);
    const res = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    const challenge = res.json();
    expect(challenge).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login/2fa',
      payload: { mfa_token: challenge.mfa_token, code: codeAt(secret, stepAt(Date.now()) + 1) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: staff.id, role: 'manager' });
  });

  it('without it are refused, 403, and the refusal is in the audit log', async () => {
    const { staff, phone } = await staffWithPhone();
    const res = await signInByPhone(t.app, t.db, sms, phone, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Staff accounts sign in with e-mail and password.',
      code: 'STAFF_USE_PASSWORD',
    });
    const failed = await auditRows('staff.sign_in.failed', staff.id);
    expect(failed.map((r) => r.after)).toEqual([{ step: 'phone code' }]);
    // A wrong code for a staff member's number is recorded too.
    await askCode(t.app, phone.typed, { remoteAddress: freshAddress() });
    const wrong = codeSentTo(sms, phone.kept) === '000000' ? '111111' : '000000';
    const refused = await verifyCode(t.app, phone.typed, wrong, { remoteAddress: freshAddress() });
    expect(refused.statusCode).toBe(401);
    expect(await auditRows('staff.sign_in.failed', staff.id)).toHaveLength(2);
  });
});

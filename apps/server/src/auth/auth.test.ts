import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { logIn, PASSWORD, shopper, signUp } from '../../test/accounts.ts';
import { refreshTokens, users } from './schema.ts';
import { REFRESH_GRACE_MS } from './service.ts';
import { hashToken } from './tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (options: InjectOptions | string) => t.app.inject(options);

describe('POST /api/register', () => {
  it('creates a shopper and stores no readable password', async () => {
    const { res, body } = await signUp(t.app, { email: '  Mixed.Case@Example.CO.KE ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'mixed.case@example.co.ke', is_admin: false });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'mixed.case@example.co.ke'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(body.password as string);
  });

  it.each([
    ['short1!', 'password'],
    ['longenough1', 'password'],
    ['nodigits!!', 'password'],
    ['12345678!', 'password'],
  ])('refuses the password %s with the spec message', async (password, field) => {
    const { res } = await signUp(t.app, { password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(AUTH_MESSAGES.passwordRule);
  });

  it('requires every field', async () => {
    const res = await inject({ method: 'POST', url: '/api/register', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'email',
      'password',
      'phone_number',
      'username',
    ]);
  });

  it('refuses a taken e-mail (whatever its case) and a taken username with 409', async () => {
    const { body } = await signUp(t.app);
    const sameEmail = await signUp(t.app, { email: (body.email as string).toUpperCase() });
    expect(sameEmail.res.statusCode).toBe(409);
    expect(sameEmail.res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const sameName = await signUp(t.app, { username: (body.username as string).toUpperCase() });
    expect(sameName.res.statusCode).toBe(409);
    expect(sameName.res.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      error: 'This username is already taken.',
    });
  });

  it('limits sign-ups from one address', async () => {
    const ctx = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await signUp(ctx.app)).res.statusCode);
      expect(codes).toEqual([201, 201, 201, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('ignores is_admin and id sent with a sign-up', async () => {
    const { res, body } = await signUp(t.app, { is_admin: true, id: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.is_admin).toBe(false);
    expect(res.json().user.id).not.toBe(1);
    const me = await logIn(t.app, body.email as string);
    const current = await inject({ url: '/api/current_user', headers: me.auth });
    expect(current.json().is_admin).toBe(false);
  });
});

describe('POST /api/login', () => {
  it('answers tokens and the user', async () => {
    const me = await shopper(t.app);
    expect(me.token.split('.')).toHaveLength(3);
    expect(me.refreshToken.length).toBeGreaterThan(30);
    const current = await inject({ url: '/api/current_user', headers: me.auth });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ id: me.id, email: me.email, is_admin: false });
  });

  it('says the same for a wrong password as for an unknown e-mail', async () => {
    const me = await shopper(t.app);
    const wrongPassword = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.email, password: 'Wrong#pass1' },
    });
    const unknown = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.co.ke', password: 'Wrong#pass1' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(wrongPassword.json().error).toBe('Invalid email or password');
  });

  it('requires e-mail and password', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('throttles guessing per account, with Retry-After, and lets the owner in after the window', async () => {
    const me = await shopper(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: me.email, password: `Guess#${i}xx` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.email, password: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not locked out by these five.
    const other = await shopper(t.app);
    expect(other.token).toBeTruthy();
  });

  it('throttles guessing from one address across many accounts', async () => {
    const ctx = await createTestApp({ LOGIN_ATTEMPTS_PER_ADDRESS: '20' });
    try {
      // Twenty wrong guesses are answered; the next is refused. The limiter's sliding estimate
      // rounds the previous window's share down, so guesses that straddle the start of a window
      // (the clock's quarter hour) get one more (CI met one at 06:00:00).
      let refusedAt = 0;
      for (let i = 1; i <= 22 && !refusedAt; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.9.8.7',
          payload: { email: `victim${i}@example.co.ke`, password: 'Guess#123' },
        });
        if (res.statusCode === 429) refusedAt = i;
        else expect(res.statusCode).toBe(401);
      }
      expect([21, 22]).toContain(refusedAt);
      const elsewhere = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.8.8',
        payload: { email: 'victim0@example.co.ke', password: 'Guess#123' },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with a malformed one, or with a forged one', async () => {
    expect((await inject({ url: '/api/current_user' })).statusCode).toBe(401);
    expect(
      (await inject({ url: '/api/current_user', headers: { authorization: 'Bearer nonsense' } }))
        .statusCode,
    ).toBe(401);
    const me = await shopper(t.app);
    const [h, p] = me.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect(
      (await inject({ url: '/api/current_user', headers: { authorization: `Bearer ${forged}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('rotates refresh tokens, and a reused one revokes the whole session', async () => {
    const me = await shopper(t.app);
    const first = await inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { authorization: `Bearer ${me.refreshToken}` },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(me.refreshToken);
    expect(
      (
        await inject({
          url: '/api/current_user',
          headers: { authorization: `Bearer ${rotated.access_token}` },
        })
      ).statusCode,
    ).toBe(200);

    // The old refresh token again, after the two-tab grace period: refused, and everything from
    // this log-in stops working.
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(me.refreshToken)));
    const reuse = await inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { authorization: `Bearer ${me.refreshToken}` },
    });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { authorization: `Bearer ${rotated.refresh_token}` },
    });
    expect(afterReuse.statusCode).toBe(401);
    expect(
      (
        await inject({
          url: '/api/current_user',
          headers: { authorization: `Bearer ${rotated.access_token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('gives two tabs of one session refreshing at once the same new refresh token', async () => {
    const me = await shopper(t.app);
    const refreshWith = (token: string) =>
      inject({
        method: 'POST',
        url: '/api/refresh',
        headers: { authorization: `Bearer ${token}` },
      });
    const together = await Promise.all([1, 2].map(() => refreshWith(me.refreshToken)));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = together.map((r) => r.json());
    expect(a.refresh_token).toBe(b.refresh_token);
    expect(a.refresh_token).not.toBe(me.refreshToken);
    // A moment later, the same token once more: still the same successor, session intact.
    const again = await refreshWith(me.refreshToken);
    expect(again.json().refresh_token).toBe(a.refresh_token);
    for (const tokens of [a, b]) {
      const res = await inject({
        url: '/api/current_user',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(res.statusCode).toBe(200);
    }
    // The successor rotates as usual.
    const next = await refreshWith(a.refresh_token);
    expect(next.statusCode).toBe(200);
    expect(next.json().refresh_token).not.toBe(a.refresh_token);
  });

  it('log-out revokes the refresh token and the access token', async () => {
    const me = await shopper(t.app);
    const out = await inject({ method: 'POST', url: '/api/logout', headers: me.auth });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    expect((await inject({ url: '/api/current_user', headers: me.auth })).statusCode).toBe(401);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/refresh',
          headers: { authorization: `Bearer ${me.refreshToken}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('records activity when a user is active', async () => {
    const me = await shopper(t.app);
    await inject({ url: '/api/current_user', headers: me.auth });
    await new Promise((r) => setTimeout(r, 50));
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.lastActiveAt).toBeInstanceOf(Date);
    expect(Date.now() - row!.lastActiveAt!.getTime()).toBeLessThan(60_000);
  });
});

describe('profile', () => {
  it('reads and updates your own profile only', async () => {
    const a = await shopper(t.app);
    const b = await shopper(t.app);
    const mine = await inject({ url: '/api/profile', headers: a.auth });
    expect(mine.json()).toEqual({
      username: a.username,
      email: a.email,
      phone_number: '0712345678',
      phone_verified: false,
      has_password: true,
      marketing_consent: false,
      marketing_consent_at: null,
      language: 'en',
    });
    const theirs = await inject({ url: '/api/profile', headers: b.auth });
    expect(theirs.json().email).toBe(b.email);

    const update = await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: {
        username: `${a.username}-new`,
        email: a.email,
        phone_number: '0722 000 111',
        id: b.id,
        user_id: b.id,
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().message).toBe('Profile updated successfully');
    expect((await inject({ url: '/api/profile', headers: a.auth })).json().username).toBe(
      `${a.username}-new`,
    );
    expect((await inject({ url: '/api/profile', headers: b.auth })).json().username).toBe(
      b.username,
    );
  });

  it('ignores is_admin in a profile update', async () => {
    const a = await shopper(t.app);
    await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: { username: a.username, email: a.email, phone_number: '0712345678', is_admin: true },
    });
    expect((await inject({ url: '/api/current_user', headers: a.auth })).json().is_admin).toBe(
      false,
    );
  });

  it('changes the password only with the right current password, and ends other sessions', async () => {
    const a = await shopper(t.app);
    const elsewhere = await logIn(t.app, a.email);
    const base = { username: a.username, email: a.email, phone_number: '0712345678' };
    const missing = await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: { ...base, newPassword: 'Brand#New99' },
    });
    expect(missing.statusCode).toBe(400);
    const wrong = await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: { ...base, currentPassword: 'Wrong#pass1', newPassword: 'Brand#New99' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const weak = await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: { ...base, currentPassword: PASSWORD, newPassword: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe(AUTH_MESSAGES.passwordRule);
    const ok = await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: { ...base, currentPassword: PASSWORD, newPassword: 'Brand#New99' },
    });
    expect(ok.statusCode).toBe(200);
    await expect(logIn(t.app, a.email, PASSWORD)).rejects.toThrow(/401/);
    expect((await logIn(t.app, a.email, 'Brand#New99')).token).toBeTruthy();
    expect((await inject({ url: '/api/current_user', headers: a.auth })).statusCode).toBe(200);
    expect((await inject({ url: '/api/current_user', headers: elsewhere.auth })).statusCode).toBe(
      401,
    );
  });

  it('refuses to take another account’s e-mail', async () => {
    const a = await shopper(t.app);
    const b = await shopper(t.app);
    const res = await inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: a.auth,
      payload: {
        username: a.username,
        email: b.email,
        phone_number: '0712345678',
        currentPassword: PASSWORD,
      },
    });
    expect(res.statusCode).toBe(409);
  });

  it('changes the log-in e-mail only with the current password (a stolen token is not enough)', async () => {
    const a = await shopper(t.app);
    const newEmail = `moved-${a.email}`;
    const change = (extra: Record<string, string>) =>
      inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: a.auth,
        payload: { username: a.username, email: newEmail, phone_number: '0712345678', ...extra },
      });
    const without = await change({});
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      fields: { currentPassword: 'Enter your current password to change your e-mail address.' },
    });
    expect((await change({ currentPassword: 'Wrong#pass1' })).json().code).toBe('WRONG_PASSWORD');
    expect((await inject({ url: '/api/profile', headers: a.auth })).json().email).toBe(a.email);
    expect((await change({ currentPassword: PASSWORD })).statusCode).toBe(200);
    expect((await logIn(t.app, newEmail)).token).toBeTruthy();
  });

  it('needs a token', async () => {
    expect((await inject({ url: '/api/profile' })).statusCode).toBe(401);
    expect((await inject({ method: 'PATCH', url: '/api/profile', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

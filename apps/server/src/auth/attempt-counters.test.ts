// Wrong attempts count against what they threaten (issue 32, finding 9): log-ins refused because
// the address is blocked do not count against the account, and wrong codes sent from a signed-in
// session have a counter of their own, so they never lock the person's two-step sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { PASSWORD, shopper, turnOnTwoFactor, type LoggedIn } from '../../test/accounts.ts';
import { codeAt, stepAt } from './totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_ATTEMPTS_PER_ADDRESS: '3' });
});
afterAll(() => t.close());

const logInFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { email, password } });

describe('log-ins from a blocked address', () => {
  it('do not count against the account: its owner still logs in from elsewhere', async () => {
    const me = await shopper(t.app);
    // Someone at a shared address guesses at other accounts until the address is blocked.
    for (let i = 0; i < 3; i++) {
      const stranger = `nobody-${randomBytes(4).toString('hex')}@example.co.ke`;
      expect((await logInFrom('10.7.7.7', stranger, 'Wrong#guess1')).statusCode).toBe(401);
    }
    // The owner, at that address, retries the right password: refused, and not held against them.
    for (let i = 0; i < 8; i++) {
      const refused = await logInFrom('10.7.7.7', me.email, PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const elsewhere = await logInFrom('10.8.8.8', me.email, PASSWORD);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('wrong two-step codes in a signed-in session', () => {
  const disable = (who: LoggedIn, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/2fa/disable',
      headers: who.auth,
      payload: { password: PASSWORD, code },
    });

  it('are limited on their own counter, and never lock the two-step sign-in', async () => {
    const me = await shopper(t.app);
    const secret = await turnOnTwoFactor(t.app, me);
    const wrong = codeAt(secret, stepAt(Date.now()) - 5);
    for (let i = 0; i < 5; i++) {
      const res = await disable(me, wrong);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('WRONG_CODE');
    }
    const limited = await disable(me, wrong);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many wrong codes. Please wait a few minutes and try again.',
    });
    // The limit holds for a right code too.
    expect((await disable(me, codeAt(secret, stepAt(Date.now()) + 1))).statusCode).toBe(429);

    // Signing in with a code still works: the session's wrong codes are not the sign-in's.
    const first = await logInFrom('10.9.9.9', me.email, PASSWORD);
    expect(first.json().mfa_required).toBe(true);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login/2fa',
      payload: { mfa_token: first.json().mfa_token, code: codeAt(secret, stepAt(Date.now()) + 1) },
    });
    expect(second.statusCode, second.body).toBe(200);
  });

  it('when turning it on are limited too', async () => {
    const me = await shopper(t.app);
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/me/2fa/setup', headers: me.auth })
    ).json();
    const enable = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/2fa/enable',
        headers: me.auth,
        payload: { code },
      });
    const wrong = codeAt(secret, stepAt(Date.now()) - 5);
    for (let i = 0; i < 5; i++) expect((await enable(wrong)).statusCode).toBe(400);
    expect((await enable(wrong)).statusCode).toBe(429);
  });
});

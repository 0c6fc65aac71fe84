// Sessions that end when they should (issue 32, finding 9): turning on two-step sign-in, a new
// password, a new e-mail and a change of role end every other session of the person at once,
// access and refresh tokens alike; the session making the change stays signed in. A change of
// someone else's role ends all of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  admin,
  logIn,
  PASSWORD,
  shopper,
  turnOnTwoFactor,
  type LoggedIn,
} from '../../test/accounts.ts';

let t: TestContext;
let owner: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await admin(t.app, t.db);
});
afterAll(() => t.close());

const call = (method: string, url: string, who: LoggedIn, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who.auth,
    ...(payload ? { payload } : {}),
  });

/** Whether the session still opens anything, by its access token and by its refresh token. */
async function works(session: LoggedIn) {
  const access = (await call('GET', '/api/current_user', session)).statusCode;
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/api/refresh',
    headers: { authorization: `Bearer ${session.refreshToken}` },
  });
  if (refreshed.statusCode === 200) session.refreshToken = refreshed.json().refresh_token;
  return { access: access === 200, refresh: refreshed.statusCode === 200 };
}
const ON = { access: true, refresh: true };
const OFF = { access: false, refresh: false };

/** One person signed in twice: `here` makes the change, `there` is another device. */
async function twoSessions(who?: LoggedIn) {
  const here = who ?? (await shopper(t.app));
  return { here, there: await logIn(t.app, here.email) };
}

describe('ending the other sessions', () => {
  it('when two-step sign-in is turned on', async () => {
    const { here, there } = await twoSessions();
    await turnOnTwoFactor(t.app, here);
    expect(await works(there)).toEqual(OFF);
    expect(await works(here)).toEqual(ON);
  });

  it('when the password is changed', async () => {
    const { here, there } = await twoSessions();
    const res = await call('PATCH', '/api/profile', here, {
      username: here.username,
      email: here.email,
      phone_number: '0712345678',
      currentPassword: PASSWORD,
      newPassword: 'Brand#New99',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await works(there)).toEqual(OFF);
    expect(await works(here)).toEqual(ON);
  });

  it('when the e-mail is changed', async () => {
    const { here, there } = await twoSessions();
    const res = await call('PATCH', '/api/profile', here, {
      username: here.username,
      email: `moved-${here.email}`,
      phone_number: '0712345678',
      currentPassword: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await works(there)).toEqual(OFF);
    expect(await works(here)).toEqual(ON);
  });

  it('but not when only the name or phone changes', async () => {
    const { here, there } = await twoSessions();
    const res = await call('PATCH', '/api/profile', here, {
      username: `${here.username}-x`,
      email: here.email,
      phone_number: '0722000000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await works(there)).toEqual(ON);
  });

  it("when one changes one's own role: the session making the change stays", async () => {
    const { here, there } = await twoSessions(await admin(t.app, t.db));
    const res = await call('PATCH', `/api/admin/staff/${here.id}`, here, { role: 'manager' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await works(there)).toEqual(OFF);
    expect(await works(here)).toEqual(ON);
  });
});

describe("ending all of someone's sessions when another changes their role", () => {
  it("'Make Admin' and 'Revoke Admin'", async () => {
    const { here, there } = await twoSessions();
    const make = await call('PATCH', `/api/admin/users/${here.id}`, owner, { is_admin: true });
    expect(make.statusCode, make.body).toBe(200);
    expect(await works(here)).toEqual(OFF);
    expect(await works(there)).toEqual(OFF);

    const again = await logIn(t.app, here.email);
    expect((await call('GET', '/api/admin/orders', again)).statusCode).toBe(200);
    const revoke = await call('PATCH', `/api/admin/users/${here.id}`, owner, { is_admin: false });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await works(again)).toEqual(OFF);
    expect(await works(owner)).toEqual(ON);
  });

  it("a staff member's new role; the same role again ends nothing", async () => {
    const { here, there } = await twoSessions(await admin(t.app, t.db, 'catalogue'));
    const same = await call('PATCH', `/api/admin/staff/${here.id}`, owner, { role: 'catalogue' });
    expect(same.statusCode).toBe(200);
    expect(await works(here)).toEqual(ON);
    const res = await call('PATCH', `/api/admin/staff/${here.id}`, owner, { role: 'fulfilment' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await works(here)).toEqual(OFF);
    expect(await works(there)).toEqual(OFF);
    expect(await works(owner)).toEqual(ON);
  });
});

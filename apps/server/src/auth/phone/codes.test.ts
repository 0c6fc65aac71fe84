// The rules of the codes sent by SMS (issue 37): 5 minutes, once, 5 tries, one every 60 s, and the
// limits per number and per address; a code used twice at once signs in once (on PostgreSQL the
// two verifications really run at the same time, on two server instances).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { secondInstance, type TestContext } from '../../../test/app.ts';
import {
  ageCodes,
  askCode,
  codeSentTo,
  freshAddress,
  freshPhone,
  phoneTestApp,
  verifyCode,
} from '../../../test/phone-fixture.ts';
import { AfricasTalkingStandIn } from '../../../test/stand-ins/africas-talking.ts';
import { phoneCodes, users } from '../schema.ts';
import { issueCode, useCode } from './codes.ts';

const sms = new AfricasTalkingStandIn();
let t: TestContext;
let other: App;

beforeAll(async () => {
  await sms.start();
  t = await phoneTestApp(sms);
  other = await secondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
  await sms.stop();
});

const WRONG = 'CODE_WRONG';
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function codeFor(phone: { typed: string; kept: string }, remoteAddress: string) {
  const res = await askCode(t.app, phone.typed, { remoteAddress });
  expect(res.statusCode).toBe(202);
  return codeSentTo(sms, phone.kept);
}

describe('a code', () => {
  it('is stored only as a hash, and expires after 5 minutes', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const code = await codeFor(phone, remoteAddress);
    const [row] = await t.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone.kept));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60_000);
    // Five minutes and a second later.
    await ageCodes(t.db, phone.kept, 301);
    const late = await verifyCode(t.app, phone.typed, code, { remoteAddress });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe(WRONG);
  });

  it('works once', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const code = await codeFor(phone, remoteAddress);
    expect((await verifyCode(t.app, phone.typed, code, { remoteAddress })).statusCode).toBe(200);
    const again = await verifyCode(t.app, phone.typed, code, { remoteAddress });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(WRONG);
  });

  it('ends after 5 wrong tries, even the right code then', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const code = await codeFor(phone, remoteAddress);
    for (let i = 0; i < 5; i++) {
      const res = await verifyCode(t.app, phone.typed, wrongFor(code), { remoteAddress });
      expect(res.statusCode).toBe(401);
    }
    const right = await verifyCode(t.app, phone.typed, code, { remoteAddress });
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe(WRONG);
  });

  it('still works after 4 wrong tries', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const code = await codeFor(phone, remoteAddress);
    for (let i = 0; i < 4; i++)
      await verifyCode(t.app, phone.typed, wrongFor(code), { remoteAddress });
    expect((await verifyCode(t.app, phone.typed, code, { remoteAddress })).statusCode).toBe(200);
  });

  it('of 10 wrong tries sent at once, 5 are counted, and then the code is ended', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const code = await codeFor(phone, remoteAddress);
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        verifyCode(i % 2 ? other : t.app, phone.typed, wrongFor(code), { remoteAddress }),
      ),
    );
    expect(tries.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    const [row] = await t.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone.kept));
    expect(row!.wrongTries).toBe(5);
    expect((await verifyCode(t.app, phone.typed, code, { remoteAddress })).statusCode).toBe(401);
  });

  it('is replaced by a newer one: only the newest works', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const first = await codeFor(phone, remoteAddress);
    await ageCodes(t.db, phone.kept, 61);
    const second = await codeFor(phone, remoteAddress);
    if (first !== second) {
      expect((await verifyCode(t.app, phone.typed, first, { remoteAddress })).statusCode).toBe(401);
    }
    expect((await verifyCode(t.app, phone.typed, second, { remoteAddress })).statusCode).toBe(200);
  });

  it('used 5 times at once, on two instances, signs in once and makes one account', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const code = await codeFor(phone, remoteAddress);
    // From addresses of their own: no shared limit counter lines them up.
    const all = await Promise.all(
      [t.app, other, t.app, other, t.app].map((app) =>
        verifyCode(app, phone.typed, code, { remoteAddress: freshAddress() }),
      ),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const accounts = await t.db.select().from(users).where(eq(users.phoneNumber, phone.kept));
    expect(accounts).toHaveLength(1);
  });
});

describe('useCode', () => {
  it('of 5 right tries at once, on two connections, lets one through', async () => {
    const phone = freshPhone();
    const issued = await issueCode(t.db, { phone: phone.kept, purpose: 'login' });
    if (!('code' in issued)) throw new Error('no code');
    const dbs = [t.db, other.database.db];
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        useCode(dbs[i % 2]!, { phone: phone.kept, purpose: 'login' }, issued.code),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('asking for codes', () => {
  it('a new code for the same number waits 60 s: 429 with Retry-After, and nothing sent', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    await codeFor(phone, remoteAddress);
    const soon = await askCode(t.app, phone.typed, { remoteAddress });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('CODE_TOO_SOON');
    const wait = Number(soon.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(sms.to(phone.kept)).toHaveLength(1);
    await ageCodes(t.db, phone.kept, 61);
    expect((await askCode(t.app, phone.typed, { remoteAddress })).statusCode).toBe(202);
    expect(sms.to(phone.kept)).toHaveLength(2);
  });

  it('asked for at once on two instances, one number gets one code', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    const answers = await Promise.all(
      [t.app, other, t.app, other].map((app) => askCode(app, phone.typed, { remoteAddress })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 429, 429, 429]);
    expect(sms.to(phone.kept)).toHaveLength(1);
  });

  it('a number gets at most 5 an hour, from any address', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) {
      expect(
        (await askCode(t.app, phone.typed, { remoteAddress: freshAddress() })).statusCode,
      ).toBe(202);
      await ageCodes(t.db, phone.kept, 61);
    }
    const sixth = await askCode(t.app, phone.typed, { remoteAddress: freshAddress() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sms.to(phone.kept)).toHaveLength(5);
  });

  it('an address asks for at most 20 an hour, across numbers', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await askCode(t.app, freshPhone().typed, { remoteAddress })).statusCode).toBe(202);
    }
    const phone = freshPhone();
    const over = await askCode(t.app, phone.typed, { remoteAddress });
    expect(over.statusCode).toBe(429);
    expect(sms.to(phone.kept)).toHaveLength(0);
    // Another address is not held up.
    expect((await askCode(t.app, phone.typed, { remoteAddress: freshAddress() })).statusCode).toBe(
      202,
    );
  });

  it('an address gets at most 20 wrong codes in 15 minutes, across numbers', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect(
        (await verifyCode(t.app, freshPhone().typed, '123456', { remoteAddress })).statusCode,
      ).toBe(401);
    }
    const phone = freshPhone();
    const code = await codeFor(phone, freshAddress());
    const blocked = await verifyCode(t.app, phone.typed, code, { remoteAddress });
    expect(blocked.statusCode).toBe(429);
    // The code was not tried: it still works from elsewhere.
    expect(
      (await verifyCode(t.app, phone.typed, code, { remoteAddress: freshAddress() })).statusCode,
    ).toBe(200);
  });

  it('an SMS the gateway refuses answers 503 and can be asked for again at once', async () => {
    const phone = freshPhone();
    const remoteAddress = freshAddress();
    sms.failNext = 1;
    const failed = await askCode(t.app, phone.typed, { remoteAddress });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('SMS_FAILED');
    expect(await t.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone.kept))).toEqual(
      [],
    );
    expect((await askCode(t.app, phone.typed, { remoteAddress })).statusCode).toBe(202);
  });
});

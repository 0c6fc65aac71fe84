// The shop's limits hold under concurrency and are shared by every server instance: counts live
// in the database (or Redis), not in one process's memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { freePort } from '../../test/mpesa-fixture.ts';
import { shopper, signUp } from '../../test/accounts.ts';
import type { App } from '../app.ts';
import { Limiter } from './limiter.ts';
import { pgLimitStore } from './pg-store.ts';
import { redisLimitStore } from './redis-store.ts';

let t: TestContext;
let other: App;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '3' });
  other = await secondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const guess = (app: App, email: string, remoteAddress = '10.1.1.1') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { email, password: 'Wrong#guess1' },
  });

describe('failed log-ins', () => {
  it('30 parallel wrong passwords on one account: at most 5 are checked, the rest get 429', async () => {
    // Signed up directly: `shopper()` logs in, and sign-ups here are limited to 3 an hour.
    const email = `target-${randomBytes(4).toString('hex')}@example.co.ke`;
    const codes = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => guess(i % 2 ? other : t.app, email, `10.2.0.${i}`)),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 401).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
  });

  it('are counted across instances: 3 on one and 2 on the other use up the account', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.co.ke`;
    for (let i = 0; i < 3; i++) expect((await guess(t.app, email)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await guess(other, email)).statusCode).toBe(401);
    const blocked = await guess(t.app, email);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are not forgotten when an instance restarts', async () => {
    const email = `restart-${randomBytes(4).toString('hex')}@example.co.ke`;
    for (let i = 0; i < 5; i++) expect((await guess(other, email)).statusCode).toBe(401);
    const restarted = await secondInstance(t);
    try {
      expect((await guess(restarted, email)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});

describe('sign-ups', () => {
  it('share one limit per address across instances', async () => {
    const from = { remoteAddress: '10.3.3.3' };
    const register = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/register',
        ...from,
        payload: {
          username: `u${randomBytes(4).toString('hex')}`,
          email: `s${randomBytes(4).toString('hex')}@example.co.ke`,
          phone_number: '0712345678',
          password: 'Sunny#Day42',
        },
      });
    const codes = [];
    for (const app of [t.app, other, t.app, other]) codes.push((await register(app)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    // Another address is not affected.
    expect((await signUp(t.app)).res.statusCode).toBe(201);
  });
});

describe('a successful log-in', () => {
  it('clears the account’s failures', async () => {
    const me = await shopper(t.app);
    for (let i = 0; i < 4; i++) expect((await guess(t.app, me.email)).statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.1.1',
      payload: { email: me.email, password: 'Sunny#Day42' },
    });
    expect(ok.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await guess(t.app, me.email)).statusCode).toBe(401);
    expect((await guess(t.app, me.email)).statusCode).toBe(429);
  });
});

describe('the sliding window', () => {
  const rule = { name: `window-${randomBytes(4).toString('hex')}`, max: 4, windowMs: 60_000 };

  it('weighs the previous window by how much of it still overlaps', async () => {
    let now = 10 * 60_000; // the start of a window
    const limiter = new Limiter(pgLimitStore(t.db), () => now);
    for (let i = 0; i < 4; i++) expect((await limiter.consume(rule, 'k')).allowed).toBe(true);
    expect((await limiter.consume(rule, 'k')).allowed).toBe(false);
    now += 60_000 + 15_000; // a quarter into the next window: 5 × 3/4 = 3 still count
    expect((await limiter.consume(rule, 'k')).allowed).toBe(true); // 1 + 3
    expect((await limiter.consume(rule, 'k')).allowed).toBe(false); // 2 + 3
    now += 45_000; // the window after: only the 2 of the last one, fully overlapping
    expect((await limiter.consume(rule, 'k')).allowed).toBe(true); // 1 + 2
  });
});

describe('in Redis (REDIS_URL)', () => {
  it('counts concurrent uses exactly and shares them between limiters', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const a = new Limiter(redisLimitStore(url));
    const b = new Limiter(redisLimitStore(url));
    const rule = { name: `redis-${randomBytes(6).toString('hex')}`, max: 5, windowMs: 60_000 };
    try {
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume(rule, 'someone')),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
      await a.reset(rule, 'someone');
      expect((await b.consume(rule, 'someone')).allowed).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('when Redis goes down', () => {
  /** A Redis server of this test's own, on a free port, that it can stop and start again. */
  async function startRedis(port: number): Promise<ChildProcess> {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; ; i++) {
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        retryStrategy: () => null,
      });
      probe.on('error', () => {}); // refused until the server is up: expected
      try {
        await probe.connect();
        return server;
      } catch (err) {
        if (i > 100) throw err;
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        probe.disconnect();
      }
    }
  }
  const stopRedis = (server: ChildProcess) =>
    new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGKILL');
    });

  it('log-in answers at once and still counts failures (in PostgreSQL), then Redis is used again', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const shop = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const me = await shopper(shop.app);
      const wrong = () => guess(shop.app, me.email);
      expect((await wrong()).statusCode).toBe(401);

      await stopRedis(redis);
      const started = Date.now();
      const during = await wrong();
      // A quick, honest answer: never a hang, never a 500.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(during.statusCode).toBe(401);
      const login = await shop.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: me.email, password: 'Sunny#Day42' },
      });
      expect(login.statusCode).toBe(200);
      // The limit still holds while Redis is away: the failures are counted in PostgreSQL.
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await wrong()).statusCode);
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes[5]).toBe(429);

      redis = await startRedis(port);
      const other = await shopper(shop.app);
      // Once back (after the few seconds it is left alone), counts go to Redis again.
      await new Promise((r) => setTimeout(r, 5_500));
      expect((await guess(shop.app, other.email)).statusCode).toBe(401);
      const keys = new Redis({ port, host: '127.0.0.1' });
      try {
        expect(await keys.keys('duka:limit:login-account:*')).toHaveLength(1);
      } finally {
        keys.disconnect();
      }
    } finally {
      await shop.close();
      await stopRedis(redis);
    }
  }, 30_000);
});

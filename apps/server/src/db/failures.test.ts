// How the errors node-postgres really throws are read: a pool with every connection busy past its
// wait is "busy, try again" (503), not a fault of ours (500).
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './failures.ts';

/** A server that accepts connections and never answers: a database too busy to say hello. */
let silent: net.Server;
let port: number;
const sockets: net.Socket[] = [];
beforeAll(async () => {
  silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => new Error('connected'),
    (err: Error) => err,
  );

describe('a database that does not answer in time', () => {
  it('is unavailable whether the connection or the pool ran out of time', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://duka@127.0.0.1:${port}/duka`,
      max: 1,
      connectionTimeoutMillis: 100,
    });
    // The first takes the pool's only connection and waits on the silent server; the second
    // waits for the pool, which gives up first.
    const [connecting, queued] = await Promise.all([
      failureOf(pool.connect()),
      failureOf(pool.connect()),
    ]);
    await pool.end().catch(() => {});
    expect(queued.message).toBe('timeout exceeded when trying to connect');
    expect(isDatabaseUnavailable(queued)).toBe(true);
    expect(connecting.message).toMatch(/timeout/i);
    expect(isDatabaseUnavailable(connecting)).toBe(true);
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
  });
});

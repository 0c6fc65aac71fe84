// Two server instances started at the same moment on an empty database both come up: the
// migrations, the demo catalogue and the first administrator are made exactly once.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { dropWhenIdle, ownerUrlOf, withDatabase } from '../test/database.ts';
import { openDatabase, type Database } from './db/client.ts';
import { users } from './auth/schema.ts';
import { products } from './catalog/schema.ts';
import { prepareDatabase } from './startup.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Two connections to one empty database: two pools on PostgreSQL (as the app's role, with the
 * owner's address to migrate through), the one PGlite otherwise.
 */
async function emptyDatabaseTwice(): Promise<[Database, Database, string | undefined]> {
  const url = process.env.DATABASE_URL;
  const owner = ownerUrlOf();
  if (!url || !owner) {
    const only = await openDatabase({});
    cleanups.push(() => only.close());
    return [only, only, undefined];
  }
  const name = `duka_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: owner });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const [a, b] = await Promise.all([
    openDatabase({ url: withDatabase(url, name) }),
    openDatabase({ url: withDatabase(url, name) }),
  ]);
  cleanups.push(async () => {
    await Promise.all([a.close(), b.close()]);
    await dropWhenIdle(admin, name);
    await admin.end();
  });
  return [a, b, withDatabase(owner, name)];
}

describe('starting two instances at once on an empty database', () => {
  it('brings both up, with one set of tables, one catalogue and one administrator', async () => {
    const [a, b, ownerUrl] = await emptyDatabaseTwice();
    // The pictures are left out: drawing them is slow and not what this is about.
    const config = {
      ownerUrl,
      seedDemo: true,
      admin: { email: 'owner@duka.test', password: 'Owner#2026pass' },
    };
    const [first, second] = await Promise.all([
      prepareDatabase(a, config),
      prepareDatabase(b, config),
    ]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const [admins] = await a.db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
    expect(admins!.n).toBe(1);
    const [catalogue] = await b.db.select({ n: count() }).from(products);
    expect(catalogue!.n).toBe(180);
  }, 120_000); // two migrations-and-seed runs back to back, on a busy machine
});

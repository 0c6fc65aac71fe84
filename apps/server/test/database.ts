// A fresh, migrated database for one test file: PGlite by default, PostgreSQL with DATABASE_URL.
// With DATABASE_OWNER_URL too (two roles, decision record 025), that role makes and drops the
// databases and the app's pools connect as DATABASE_URL's role, as the server would.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

/** A test database, and a way to open a second connection pool to it (a second instance). */
export type TestDatabase = Database & {
  openAnother(): Promise<Database>;
  /** A pool as the tables' owner (PGlite: the one database), for what the app may not do. */
  openOwner(): Promise<Database>;
  /** PostgreSQL only: the test database's address (for tests that reach it another way). */
  url?: string;
  /** PostgreSQL only: the same database as the owner of its tables. */
  ownerUrl?: string;
};

/** The role that makes databases and owns the tables: DATABASE_OWNER_URL, else DATABASE_URL. */
export const ownerUrlOf = (env: NodeJS.ProcessEnv = process.env) =>
  env.DATABASE_OWNER_URL ?? env.DATABASE_URL;

/** Whether the app connects as a role other than the tables' owner. */
export const twoRoles = (env: NodeJS.ProcessEnv = process.env) =>
  !!env.DATABASE_URL && !!env.DATABASE_OWNER_URL && env.DATABASE_OWNER_URL !== env.DATABASE_URL;

/** `url` with its database name replaced. */
export function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const owner = ownerUrlOf();
  const template = inject('pgTemplate');
  if (url && owner && template) {
    const name = `duka_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: owner });
    await admin.connect();
    try {
      // Two files copying the template at the same moment may collide (55006): wait and retry.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`create database ${name} template ${template}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
          await new Promise((r) => setTimeout(r, 100 * attempt));
        }
      }
      // A test database need not outlive a crash: commits that do not wait for the disk took
      // the PostgreSQL pass from 139 s to 130 s (docs/benchmarks.md, issue 35).
      await admin.query(`alter database ${name} set synchronous_commit = off`);
    } finally {
      await admin.end();
    }
    const testUrl = withDatabase(url, name);
    const ownerUrl = withDatabase(owner, name);
    const database = await openDatabase({ url: testUrl, poolSize: 20 });
    const others: Database[] = [];
    const another = async (at: string) => {
      const other = await openDatabase({ url: at, poolSize: 20 });
      others.push(other);
      return other;
    };
    return {
      ...database,
      url: testUrl,
      ownerUrl,
      openAnother: () => another(testUrl),
      openOwner: () => another(ownerUrl),
      close: async () => {
        await Promise.all(others.map((o) => o.close().catch(() => {})));
        await database.close();
        const cleanup = new pg.Client({ connectionString: owner });
        await cleanup.connect();
        await dropWhenIdle(cleanup, name);
        await cleanup.end();
      },
    };
  }
  const dumpFile = inject('pgliteTemplate');
  if (!dumpFile) throw new Error('test/global-setup.ts did not prepare a template database');
  const database = await openDatabase({ loadDataDir: new Blob([readFileSync(dumpFile)]) });
  // An embedded database belongs to one process: a second instance shares the same one.
  const shared = async () => ({ ...database, close: async () => {} });
  return { ...database, openAnother: shared, openOwner: shared };
}

/**
 * Drops a test database once its connections are gone. pg's Pool.end() resolves before its
 * sockets close; a forced drop meanwhile kills them and each raises an unhandled 57P01 error that
 * fails the run.
 */
export async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 3000; waited += 50) {
    const { rows } = await admin.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

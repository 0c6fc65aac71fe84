// One Drizzle database over either embedded PGlite or a PostgreSQL server: same schema, same SQL.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `fn` while holding the advisory lock `name`, so that across every server process on this
   * database only one runs it at a time. With `wait: false` it answers undefined at once when
   * another process holds the lock. PGlite belongs to one process, so there it simply runs.
   */
  exclusive<T>(
    name: string,
    fn: () => Promise<T>,
    options: { wait: boolean },
  ): Promise<T | undefined>;
  /** PGlite only: the data directory as a tarball (tests copy a migrated template this way). */
  dumpDataDir?: () => Promise<Blob>;
}

// int8 (bigint) values such as count(*) and sums arrive as strings from node-postgres; the
// amounts we keep fit well inside 2^53, so read them as numbers like PGlite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from this data-directory dump instead of an empty database. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exclusive: (name, fn, { wait }) => withAdvisoryLock(pool, name, fn, wait),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm, unaccent },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exclusive: inProcessLocks(),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** A session-level advisory lock on one pooled connection, held while `fn` runs. */
async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  fn: () => Promise<T>,
  wait: boolean,
): Promise<T | undefined> {
  const client = await pool.connect();
  try {
    if (wait) {
      await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    } else {
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as ok',
        [name],
      );
      if (!rows[0]?.ok) return undefined;
    }
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite belongs to one process, so a lock in that process is enough: callers of one name run one
 * after another (or, without waiting, the later one is told the lock is taken).
 */
function inProcessLocks(): Database['exclusive'] {
  const held = new Map<string, Promise<unknown>>();
  return async (name, fn, { wait }) => {
    const previous = held.get(name);
    if (previous && !wait) return undefined;
    const run = (previous ?? Promise.resolve()).catch(() => {}).then(fn);
    held.set(name, run);
    try {
      return await run;
    } finally {
      if (held.get(name) === run) held.delete(name);
    }
  };
}

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
import { isDatabaseUnavailable, isTransactionConflict } from './failures.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the database reports trouble that no request is waiting for (pino's shape). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Sends the pool's warnings (lost connections, retried transactions) to the app's log. */
  logTo(log: DatabaseLog): void;
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
  /** How long a request waits for a connection before it fails (and is answered 503). */
  connectTimeoutMs?: number;
}

/** How often a transaction that PostgreSQL rolled back for a deadlock is run again. */
const TRANSACTION_ATTEMPTS = 4;

const stderrLog: DatabaseLog = {
  warn: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
  error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let log = stderrLog;
  const logTo = (next: DatabaseLog) => void (log = next);
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    // A connection the server ends (a restart, a failover, pg_terminate_backend, a network blip)
    // raises 'error' on its client, idle in the pool or checked out between two queries. Without
    // a listener Node ends the process; with one, the pool drops that client and opens another
    // on the next request, and the query that was running fails (503, see plugins/errors.ts).
    pool.on('error', (err) => log.warn({ err: describe(err) }, 'database connection lost (idle)'));
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        log.warn({ err: describe(err) }, 'database connection lost');
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    retryConflicts(db, () => log);
    return {
      db,
      kind: 'postgres',
      logTo,
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
    logTo,
    exclusive: inProcessLocks(),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

function describe(err: Error & { code?: string }) {
  return { message: err.message, code: err.code };
}

/**
 * Runs a transaction again when PostgreSQL rolled it back for a deadlock or a serialization
 * failure: every `db.transaction` in the code gets this, so a conflict between two requests is
 * a short wait, never a 500. Only the outermost transaction retries (a savepoint cannot outlive
 * the rollback of its transaction). Transactions here only touch the database, so running one
 * again repeats nothing outside it.
 */
function retryConflicts(db: Db, log: () => DatabaseLog): void {
  const run = db.transaction.bind(db);
  const retrying = async (...args: Parameters<Db['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(...args);
      } catch (err) {
        if (!isTransactionConflict(err) || attempt >= TRANSACTION_ATTEMPTS) throw err;
        log().warn(
          { attempt, code: (err as { cause?: { code?: string } }).cause?.code },
          'transaction conflict, running it again',
        );
        // A little random wait, growing, so that the two sides do not meet again.
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = retrying as Db['transaction'];
}

/** A session-level advisory lock on one pooled connection, held while `fn` runs. */
async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  fn: () => Promise<T>,
  wait: boolean,
): Promise<T | undefined> {
  const client = await pool.connect();
  let lost: Error | undefined;
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
      // A lost connection took its lock with it; the client must not go back into the pool.
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch((err: Error) => {
        if (!isDatabaseUnavailable(err)) throw err;
        lost = err;
      });
    }
  } catch (err) {
    if (isDatabaseUnavailable(err)) lost = err as Error;
    throw err;
  } finally {
    client.release(lost);
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

// Named prepared statements: a query of a fixed shape is built once per database and, on
// PostgreSQL, parsed once per connection (node-postgres keeps them by name). PGlite ignores names.
import { hash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client.ts';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement called `name` for this database, built by `build` on first use. A name must
 * always stand for the same SQL text: PostgreSQL keys prepared statements by name.
 */
export function prepared<T>(db: Db, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build(name)));
  return statement;
}

/**
 * How many statements an instance may write a page (its LIMIT and OFFSET) into: each is a
 * statement of its own on every connection, so an unbounded number would be an unbounded use of
 * the database's memory. The pages a shop asks for are few (its page sizes, its first pages);
 * once the budget is spent, other pages are bound as parameters, as before.
 */
export const LITERAL_PAGES = 64;

const literalPages = new WeakMap<Db, Set<string>>();

/**
 * The suffix naming statement `name` with this page written into its text, or undefined when
 * the page must be bound as parameters (the budget is spent). With LIMIT and OFFSET as parameters
 * PostgreSQL cannot cost a generic plan (it assumes a tenth of the matches are read), so it plans
 * every execution anew: on a category page at a million products that planning took more of the
 * database's time than the query. Written in, the statement keeps one plan.
 */
export function literalPage(
  db: Db,
  name: string,
  page: { limit: number; skip: number },
): string | undefined {
  const { limit, skip } = page;
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(skip) || limit < 0 || skip < 0) {
    return undefined;
  }
  let names = literalPages.get(db);
  if (!names) literalPages.set(db, (names = new Set()));
  const suffix = `_${limit}_${skip}`;
  if (names.has(name + suffix)) return suffix;
  if (names.size >= LITERAL_PAGES) return undefined;
  names.add(name + suffix);
  return suffix;
}

const dialect = new PgDialect();

/** 1184: timestamptz, read as its text (as Drizzle reads it) so that it is parsed as Drizzle does. */
const TIMESTAMPTZ = 1184;
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    oid === TIMESTAMPTZ ? asText : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * Runs statement `name` (its text fixed by its name) and gives its rows as arrays of columns, in
 * the order selected: for the hottest statements, which map their own rows instead of paying for
 * Drizzle's mapping of every column of every row. Timestamps with a time zone come as text.
 */
export async function arrayRows(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name, text, values, rowMode: 'array', types: pgTypes })).rows;
  }
  const parsers = { [TIMESTAMPTZ]: asText };
  return (await client.query<unknown[]>(text, values, { rowMode: 'array', parsers })).rows;
}

/**
 * Runs raw SQL as a named prepared statement on PostgreSQL, named after its text (so a name can
 * never stand for two texts), and as a plain query on PGlite. Only for statements whose best
 * plan does not depend on their values: PostgreSQL may settle on one generic plan for all.
 */
export function namedRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(db, query, () => true);
}

/**
 * How many texts an instance may name through boundedNamedRows: each is a statement of its own on
 * every connection, about 200 kB once planned, and such texts vary with the query (how many
 * words, which of them are looked up), so their number must have a bound of its own.
 */
export const NAMED_TEXTS = 16;

const namedTexts = new WeakMap<Db, Set<string>>();

/** May statement `name` be named? Those named keep their name; others while the budget lasts. */
export function mayName(db: Db, name: string): boolean {
  let names = namedTexts.get(db);
  if (!names) namedTexts.set(db, (names = new Set()));
  if (names.has(name)) return true;
  if (names.size >= NAMED_TEXTS) return false;
  names.add(name);
  return true;
}

/** namedRows while this database's budget of texts lasts (NAMED_TEXTS); a plain query after. */
export function boundedNamedRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(db, query, (name) => mayName(db, name));
}

async function rowsOf<T>(db: Db, query: SQL, named: (name: string) => boolean): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const name = `duka_${hash('sha1', text, 'base64url').slice(0, 27)}`;
    const config = named(name) ? { name, text, values: params } : { text, values: params };
    return (await client.query(config)).rows as T[];
  }
  return (await client.query<T>(text, params)).rows;
}

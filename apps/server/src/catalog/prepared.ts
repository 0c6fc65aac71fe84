// Named prepared statements: a query of a fixed shape is built once per database and, on
// PostgreSQL, parsed once per connection (node-postgres keeps them by name). PGlite ignores names.
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

// triggers.sql is the migrated database's own: run on it, in a transaction rolled back, it changes
// no trigger and no trigger function (compared as PostgreSQL prints them, spacing aside), and it
// holds every trigger on product_variants and every stock trigger on products. On PGlite and,
// with DATABASE_URL, on PostgreSQL.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';

const FILE = readFileSync(new URL('./triggers.sql', import.meta.url), 'utf8');

/** Triggers on products that are not the stock's: the category and brand counters, search, handles. */
const NOT_STOCK = [
  'products_count_deleted',
  'products_count_inserted',
  'products_count_moved',
  'products_count_truncated',
  'products_generation_bumped',
  'products_handle_given',
];

/** The file's statements: split at semicolons outside comments, strings and $$ bodies. */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('--', i))
      i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('$$', i)) i = text.indexOf('$$', i + 2) + 1;
    else if (text[i] === "'") i = text.indexOf("'", i + 1);
    else if (text[i] === ';') {
      statements.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return statements;
}

const spaced = (definition: string) => definition.replace(/\s+/g, ' ').trim();

/** Every trigger function and trigger of the schema, as PostgreSQL prints them. */
async function definitions(db: Db | Tx) {
  const functions = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prorettype = 'trigger'::regtype order by 1`,
  );
  const triggers = await queryRows<{ table: string; name: string; definition: string }>(
    db,
    sql`select c.relname as "table", t.tgname as name, pg_get_triggerdef(t.oid) as definition
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal order by 1, 2`,
  );
  return {
    functions: functions.map((f) => ({ ...f, definition: spaced(f.definition) })),
    triggers: triggers.map((t) => ({ ...t, definition: spaced(t.definition) })),
  };
}

class RolledBack extends Error {}

/** The definitions after running `statements`, in a transaction that is then rolled back. */
async function definitionsAfter(db: Db, statements: readonly string[]) {
  let after: Awaited<ReturnType<typeof definitions>> | undefined;
  await db
    .transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
      after = await definitions(tx);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return after!;
}

let database: TestDatabase;
/** The tables' owner: replacing a function or a trigger is the owner's (decision record 025). */
let owner: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = (await database.openOwner()).db;
});
afterAll(() => database.close());

const statements = statementsOf(FILE);
const created = (kind: 'FUNCTION' | 'TRIGGER') =>
  statements.flatMap((s) => {
    const m = new RegExp(String.raw`^CREATE OR REPLACE ${kind} (\w+)`, 'm').exec(s);
    return m ? [m[1]!] : [];
  });

describe('the stock triggers (triggers.sql)', () => {
  it('are the migrated database’s: the file, run on it, changes nothing', async () => {
    expect(statements.length).toBe(created('FUNCTION').length + created('TRIGGER').length);
    const before = await definitions(owner);
    expect(await definitionsAfter(owner, statements)).toEqual(before);
    // And a file that differs is noticed: a line more in a function, a column less in a trigger.
    const drifted = statements.map((s) =>
      s.replace('RETURN NULL;\nEND $$;', () => 'RETURN NULL; -- drift\nEND $$;'),
    );
    expect(await definitionsAfter(owner, drifted)).not.toEqual(before);
    const narrowed = statements.map((s) =>
      s.replace(', archived_at ON product_variants', ' ON product_variants'),
    );
    expect(await definitionsAfter(owner, narrowed)).not.toEqual(before);
  });

  it('hold every trigger on product_variants and each on products but the counts’, search’s', async () => {
    const { functions, triggers } = await definitions(owner);
    const inFile = created('TRIGGER');
    const onVariants = triggers.filter((t) => t.table === 'product_variants').map((t) => t.name);
    const onProducts = triggers.filter((t) => t.table === 'products').map((t) => t.name);
    expect(onVariants.length).toBeGreaterThan(0);
    expect(onVariants.filter((name) => !inFile.includes(name))).toEqual([]);
    expect(onProducts.filter((name) => !inFile.includes(name)).sort()).toEqual(NOT_STOCK);
    expect(inFile.filter((name) => !triggers.some((t) => t.name === name))).toEqual([]);
    const names = functions.map((f) => f.name);
    expect(created('FUNCTION').filter((name) => !names.includes(name))).toEqual([]);
  });
});

// Test helper: where a piece of text is stored anywhere in the database (every text, varchar and
// JSON column of every table), for checking that erasure left no copy behind.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql.ts';

export async function whereStored(db: Db, needle: string): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
    );
    if (row!.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

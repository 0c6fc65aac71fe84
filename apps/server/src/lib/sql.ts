import { and, gte, lt, type Column, type SQL } from 'drizzle-orm';
import { nairobiDayStart } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';

/** Escapes LIKE wildcards so that a shopper's text is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A queue row is due when its time is at or before `now`'s whole millisecond. PostgreSQL keeps
 * microseconds (a row enqueued with now() at 10:50:00.123456) and a JavaScript Date only
 * milliseconds (10:50:00.123): compared as is, a row drained within the millisecond it was
 * enqueued would wait for the next poll.
 */
export const dueBy = (column: Column, now: Date): SQL => lt(column, new Date(now.getTime() + 1));

const DAY_MS = 86_400_000;

/** `column` within whole Nairobi days, `from` and `to` (YYYY-MM-DD) included; either may be absent. */
export const withinNairobiDays = (column: Column, from?: string, to?: string): SQL | undefined =>
  and(
    from ? gte(column, nairobiDayStart(from)) : undefined,
    to ? lt(column, new Date(nairobiDayStart(to).getTime() + DAY_MS)) : undefined,
  );

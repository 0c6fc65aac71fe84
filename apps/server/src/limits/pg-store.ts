// Usage counts in PostgreSQL: one row per key and window, incremented by a single upsert, so
// concurrent requests on any number of server processes each get their own count.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from './schema.ts';
import { queryRows } from '../lib/sql.ts';
import { windowOf, type LimitStore } from './store.ts';

export function pgLimitStore(db: Db): LimitStore {
  return {
    async hit(key, windowMs, now) {
      const { start, elapsedMs } = windowOf(now, windowMs);
      const windowStart = new Date(start);
      const previousStart = new Date(start - windowMs);
      const [row] = await queryRows<{ hits: number; previous: number | null }>(
        db,
        sql`insert into ${rateLimits} (key, window_start, hits, expires_at)
            values (${key}, ${windowStart}, 1, ${new Date(start + 2 * windowMs)})
            on conflict (key, window_start) do update set hits = ${rateLimits.hits} + 1
            returning hits,
              (select p.hits from ${rateLimits} p
                where p.key = ${key} and p.window_start = ${previousStart}) as previous`,
      );
      return { current: Number(row!.hits), previous: Number(row!.previous ?? 0), elapsedMs };
    },
    async refund(key, windowMs, now) {
      const { start } = windowOf(now, windowMs);
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, new Date(start))));
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async sweep(now) {
      await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)));
    },
    async close() {},
  };
}

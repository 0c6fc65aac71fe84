// One durable queue over a table, for every worker that sends something out and must not lose it
// (the outbox's messages, eTIMS invoices): rows wait as 'pending' until `next_attempt_at`; a worker
// claims one at a time for a lease in a short transaction of its own and then works holding no lock
// (CONVENTIONS.md 15). Other instances pass over a row being claimed (SKIP LOCKED) and over one
// claimed until its lease runs out (a crashed worker's); a worker whose lease ran out cannot
// overwrite what the next one recorded.
import { and, asc, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { dueBy } from './sql.ts';

/** The columns a queue table has (its own names for them are the table's business). */
export interface QueueColumns {
  id: AnyPgColumn;
  status: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  claimedUntil: AnyPgColumn;
}

export interface Claimed {
  id: number;
  claimedUntil: Date | null;
}

export interface DurableQueue<Row extends Claimed, Insert> {
  /** The next row that is due, claimed for `leaseMs`; undefined when none is. */
  claimNext(db: Db, now: Date, leaseMs: number): Promise<Row | undefined>;
  /** Records what became of a claimed row, unless its lease ran out and another took it. */
  finishClaim(db: Db, claimed: Row, values: Partial<Insert>): Promise<boolean>;
}

export function durableQueue<T extends PgTable & QueueColumns>(
  table: T,
  /** Which due row goes first after the oldest due time (e.g. the lowest number). */
  tieBreak: AnyPgColumn = table.id,
): DurableQueue<T['$inferSelect'] & Claimed, T['$inferInsert']> {
  type Row = T['$inferSelect'] & Claimed;
  // Drizzle cannot follow a generic table's columns through its builders: the queries below are
  // typed at the table's edges (what goes in, what comes out) instead.
  const t = table as PgTable & QueueColumns;
  const due = (now: Date): SQL =>
    and(
      eq(t.status, 'pending'),
      dueBy(t.nextAttemptAt, now),
      or(isNull(t.claimedUntil), lte(t.claimedUntil, now)),
    )!;
  return {
    claimNext: (db, now, leaseMs) =>
      db.transaction(async (tx) => {
        const [next] = await tx
          .select({ id: t.id })
          .from(t)
          .where(due(now))
          .orderBy(asc(t.nextAttemptAt), asc(tieBreak))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return undefined;
        const [claimed] = await tx
          .update(t)
          .set({ claimedUntil: new Date(now.getTime() + leaseMs) } as never)
          .where(eq(t.id, next.id))
          .returning();
        return claimed as Row;
      }),
    async finishClaim(db, claimed, values) {
      const done = await db
        .update(t)
        .set({ ...values, claimedUntil: null } as never)
        .where(and(eq(t.id, claimed.id), eq(t.claimedUntil, claimed.claimedUntil!)))
        .returning({ id: t.id });
      return done.length > 0;
    },
  };
}

/**
 * Back-off: the wait after the `attempts`-th failed attempt, quickly at first (a blip) then further
 * apart (an outage); past the last step it stays at the last.
 */
export function backoff(delaysMs: readonly number[]): (attempts: number) => number {
  return (attempts) => delaysMs[Math.min(Math.max(attempts, 1), delaysMs.length) - 1]!;
}

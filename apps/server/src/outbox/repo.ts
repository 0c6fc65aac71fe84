// The outbox table: only outbox/ reads or writes it; other domains enqueue through service.ts.
import { and, asc, count, desc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { durableQueue } from '../lib/queue.ts';
import { outbox } from './schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxInsert = typeof outbox.$inferInsert;
export type OutboxStatus = OutboxRow['status'];
export type Channel = OutboxRow['channel'];

export async function insertMessage(tx: Db | Tx, values: OutboxInsert): Promise<OutboxRow> {
  const [row] = await tx.insert(outbox).values(values).returning();
  return row!;
}

/** Due messages, oldest first, one claim at a time (lib/queue.ts). */
export const { claimNext, finishClaim } = durableQueue(outbox);

export async function deleteMessage(db: Db, id: number): Promise<void> {
  await db.delete(outbox).where(eq(outbox.id, id));
}

export async function findMessage(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/** A failed or held message goes back in the queue for a new round of attempts. */
export async function requeue(db: Db | Tx, id: number, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed', 'held'])))
    .returning();
  return row;
}

/** Messages held for want of a transport go back in the queue once their channel has one. */
export async function releaseHeld(db: Db, channels: Channel[], now: Date): Promise<number> {
  if (channels.length === 0) return 0;
  const released = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: now, claimedUntil: null })
    .where(and(eq(outbox.status, 'held'), inArray(outbox.channel, channels)))
    .returning({ id: outbox.id });
  return released.length;
}

/** Whether a later message of the same kind went to the same recipient (a newer request). */
export async function hasNewer(db: Db, message: OutboxRow): Promise<boolean> {
  const [newer] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, message.kind),
        eq(outbox.recipient, message.recipient),
        gt(outbox.id, message.id),
      ),
    )
    .limit(1);
  return newer !== undefined;
}

export function listMessages(db: Db, status?: OutboxStatus) {
  const where: SQL | undefined = status ? eq(outbox.status, status) : undefined;
  return {
    rows: db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)),
    total: db.select({ n: count() }).from(outbox).where(where),
  };
}

/** Every message to one of these addresses or numbers (a person's export). */
export function messagesTo(db: Db, recipients: string[]) {
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.recipient, recipients))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/** Forgets every message to a person (erasure): sent, waiting or failed. */
export async function deleteMessagesTo(tx: Tx, recipients: string[], userId: number) {
  await tx
    .delete(outbox)
    .where(or(inArray(outbox.recipient, recipients), eq(outbox.userId, userId)));
}

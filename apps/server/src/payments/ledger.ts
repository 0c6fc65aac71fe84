// The order's account of money (order_ledger, decision record 024). Money received is entered with
// its provider's reference, and the database takes a reference once: whatever method brings it
// again (an M-Pesa receipt typed as a cash reference, a Till code claimed twice), it pays the one
// order it paid first, and the caller learns which.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orderLedger } from './schema.ts';

export interface Received {
  orderId: number;
  paymentId: number;
  method: string;
  /** The provider's reference; null for cash taken without one. */
  reference: string | null;
  amountCents: number;
  at?: Date;
}

export type Entered =
  | { ok: true }
  /** The reference was received before: it paid this order (through this payment). */
  | { ok: false; orderId: number; paymentId: number | null };

export const normaliseReference = (reference: string) => reference.trim().toUpperCase();

/** Where a reference was received, if it was. */
export async function receivedAs(db: Db | Tx, reference: string) {
  const [row] = await db
    .select({ orderId: orderLedger.orderId, paymentId: orderLedger.paymentId })
    .from(orderLedger)
    .where(
      and(
        eq(orderLedger.kind, 'received'),
        eq(orderLedger.reference, normaliseReference(reference)),
      ),
    );
  return row;
}

/** Enters money received, unless its reference was received before (then nothing is written). */
export async function enterReceived(tx: Tx, money: Received): Promise<Entered> {
  const reference = money.reference === null ? null : normaliseReference(money.reference);
  const [row] = await tx
    .insert(orderLedger)
    .values({
      orderId: money.orderId,
      paymentId: money.paymentId,
      kind: 'received',
      method: money.method,
      reference,
      amountCents: money.amountCents,
      ...(money.at ? { at: money.at } : {}),
    })
    .onConflictDoNothing({
      target: orderLedger.reference,
      where: sql`${orderLedger.kind} = 'received' and ${orderLedger.reference} is not null`,
    })
    .returning({ id: orderLedger.id });
  if (row) return { ok: true };
  const first = (await receivedAs(tx, reference!))!;
  return { ok: false, ...first };
}

/**
 * The receipt of money entered without one (the query API said paid before the callback brought
 * the receipt). False when that receipt was received for something else: the entry keeps none.
 */
export async function addReference(tx: Tx, paymentId: number, reference: string) {
  const taken = await receivedAs(tx, reference);
  if (taken) return taken.paymentId === paymentId;
  await tx
    .update(orderLedger)
    .set({ reference: normaliseReference(reference) })
    .where(
      and(
        eq(orderLedger.paymentId, paymentId),
        eq(orderLedger.kind, 'received'),
        isNull(orderLedger.reference),
      ),
    );
  return true;
}

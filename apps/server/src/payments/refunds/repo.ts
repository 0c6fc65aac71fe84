// The refunds table (decision record 029): only payments/ reads or writes it.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mpesaC2b, payments, refunds } from '../schema.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundStatus = 'requested' | 'sent' | 'confirmed' | 'failed';

export async function findRefund(db: Db | Tx, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function lockRefund(tx: Tx, id: number): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

export async function findByRequestKey(db: Db | Tx, key: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.requestKey, key));
  return row;
}

export const refundsOfOrder = (db: Db | Tx, orderId: number) =>
  db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

export async function updateRefund(db: Db | Tx, id: number, values: Partial<RefundRow>) {
  await db.update(refunds).set(values).where(eq(refunds.id, id));
}

/**
 * Sets this much aside from the payment's money, atomically: false when less is left than that
 * (the payments table's check holds it too, whatever else races).
 */
export async function reserveFromPayment(tx: Tx, paymentId: number, cents: number) {
  const rows = await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${cents}` })
    .where(
      and(
        eq(payments.id, paymentId),
        sql`${payments.refundedCents} + ${cents} <= ${payments.receivedCents}`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

export async function reserveFromC2b(tx: Tx, c2bId: number, cents: number) {
  const rows = await tx
    .update(mpesaC2b)
    .set({ refundedCents: sql`${mpesaC2b.refundedCents} + ${cents}` })
    .where(
      and(
        eq(mpesaC2b.id, c2bId),
        sql`${mpesaC2b.refundedCents} + ${cents} <= ${mpesaC2b.amountCents}`,
      ),
    )
    .returning({ id: mpesaC2b.id });
  return rows.length === 1;
}

/** Gives back what a failed refund had set aside. */
export async function release(tx: Tx, refund: RefundRow) {
  if (refund.paymentId !== null) {
    await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} - ${refund.amountCents}` })
      .where(eq(payments.id, refund.paymentId));
  }
  if (refund.c2bId !== null) {
    await tx
      .update(mpesaC2b)
      .set({ refundedCents: sql`${mpesaC2b.refundedCents} - ${refund.amountCents}` })
      .where(eq(mpesaC2b.id, refund.c2bId));
  }
}

/** Refunds sent whose result is due to be asked for, longest waiting first. */
export const dueRefundQueries = (db: Db, now: Date, limit = 20) =>
  db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'sent'), lte(refunds.nextQueryAt, now)))
    .orderBy(asc(refunds.nextQueryAt))
    .limit(limit);

/** The back office's list of refunds, newest first. */
export const latestRefunds = (db: Db, statuses: RefundStatus[], limit: number) =>
  db
    .select()
    .from(refunds)
    .where(inArray(refunds.status, statuses))
    .orderBy(desc(refunds.id))
    .limit(limit);

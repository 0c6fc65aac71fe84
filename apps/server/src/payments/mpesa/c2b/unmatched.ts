// M-Pesa payments that matched no order, as the back office deals with them: the list still open
// (neither assigned to an order nor closed), each with what went back of it and its latest refund,
// and closing one with a note (a duplicate refunded elsewhere, a test payment…). Assigning one to
// an order is paid-in.ts's; refunding it is unmatched-refunds.ts's.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mpesaC2b, refunds } from '../../schema.ts';
import type { AuditTrail } from '../../../audit/trail.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import type { Payments } from '../../context.ts';
import type { RefundRow } from '../../refunds/repo.ts';

const open = and(isNull(mpesaC2b.paymentId), isNull(mpesaC2b.closedAt));

/** Money that matched no order and is not dealt with yet, newest first. */
export const unmatchedRows = (db: Db) =>
  db.select().from(mpesaC2b).where(open).orderBy(desc(mpesaC2b.receivedAt));

export const countUnmatched = (db: Db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(mpesaC2b)
    .where(open);

/** The latest refund of each of these unmatched payments (by their row id). */
export async function latestRefundsOf(db: Db, c2bIds: readonly number[]) {
  const latest = new Map<number, RefundRow>();
  if (c2bIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.c2bId, [...c2bIds]))
    .orderBy(desc(refunds.id));
  for (const row of rows) if (!latest.has(row.c2bId!)) latest.set(row.c2bId!, row);
  return latest;
}

/** Closes an unmatched payment with a person's note; not while a refund of it is on its way. */
export async function closeUnmatched(
  p: Payments,
  transId: string,
  note: string,
  closedBy: number,
  audit: AuditTrail,
) {
  return p.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mpesaC2b)
      .where(and(eq(mpesaC2b.transId, transId), open))
      .for('update');
    if (!row) throw notFound(`An unmatched payment ${transId}`);
    const inFlight = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.c2bId, row.id), inArray(refunds.status, ['requested', 'sent'])));
    if (inFlight.length > 0) {
      throw conflict(
        'A refund of this payment is on its way; wait for its result.',
        'REFUND_IN_PROGRESS',
      );
    }
    await tx
      .update(mpesaC2b)
      .set({ closedAt: new Date(), closedBy, closeNote: note })
      .where(eq(mpesaC2b.id, row.id));
    await audit.record(tx, {
      action: 'payment.unmatched.close',
      entity: 'mpesa_c2b',
      entityId: row.id,
      before: { closed: false },
      after: {
        closed: true,
        mpesa_receipt: row.transId,
        note,
        amount_cents: row.amountCents,
        refunded_cents: row.refundedCents,
      },
    });
    return { trans_id: row.transId, closed: true as const, note };
  });
}

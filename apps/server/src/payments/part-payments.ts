// Money paid in parts (from the M-Pesa menu, decision record 018) to an order that another payment
// then paid in full: each part payment is settled with what it received, so it neither waits for a
// total that will never come nor counts as money to give back (issue 34).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { payments } from './schema.ts';

/** In the transaction that paid the order, holding its lock. */
export async function settlePartPayments(tx: Tx, orderId: number, paidAt: Date): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'captured',
      amountCents: sql`${payments.receivedCents}`,
      settlementAmountMinor: sql`${payments.receivedCents}`,
      capturedAt: paidAt,
      nextQueryAt: null,
    })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'created'),
        gt(payments.receivedCents, 0),
      ),
    );
}

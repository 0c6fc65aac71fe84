// An order's Paybill payment: the one payment whose money comes in parts from the M-Pesa menu
// (decision record 018). Paying later (issue 34) gives its figures again rather than making a
// second one; and when another payment pays the rest, it is settled with what it received, so it
// neither waits for a total that will never come nor counts as money to give back.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { payments } from './schema.ts';
import type { PaymentRow } from './repo.ts';

/** The order's Paybill payment still open, if there is one (the oldest: money adds up on it). */
export async function openPaybillPayment(tx: Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [open] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, 'mpesa_paybill'),
        eq(payments.status, 'created'),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  return open;
}

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

// An order's Paybill payment: the one payment whose money comes in parts from the M-Pesa menu
// (decision record 018). Paying later (issue 34) gives its figures again rather than making a
// second one, and a confirmation adds to it.
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { PaymentRow } from '../../repo.ts';
import { payments } from '../../schema.ts';

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

// A Till payment's M-Pesa code, typed by a shopper on their order's payment page (decision record
// 024). It pays that order when its confirmation is here and fits the order (till-rules.ts); it is
// remembered and checked the same way when the confirmation comes later; it is refused when it
// paid another order or does not fit, and then stays an unmatched payment for the admin.
import { eq } from 'drizzle-orm';
import { mpesaC2b, payments } from '../../schema.ts';
import type { Payments } from '../../context.ts';
import { receivedAs } from '../../ledger.ts';
import * as repo from '../../repo.ts';
import { applyPaidIn, noteOnUnmatched } from './paid-in.ts';
import { claimRefusal, refusalNote, type Refusal } from './till-rules.ts';

export type ClaimOutcome =
  | { kind: 'paid' | 'partly-paid' | 'waiting' }
  /** It does not fit this order: nothing was paid, and the shopper is told why. */
  | { kind: 'refused'; refusal: Refusal };

export async function claimCode(
  p: Payments,
  userId: number,
  providerPaymentId: string,
  code: string,
  errors: { notFound: () => Error; used: () => Error; notPayable: () => Error },
): Promise<ClaimOutcome> {
  const own = await repo.ownPayment(p.db, userId, providerPaymentId);
  if (!own || own.payment.method !== 'mpesa_paybill') throw errors.notFound();
  return p.db.transaction(async (tx): Promise<ClaimOutcome> => {
    const { payment } = await repo.lockWithOrder(tx, own.payment.id);
    const [row] = await tx.select().from(mpesaC2b).where(eq(mpesaC2b.transId, code)).for('update');
    if (row?.paymentId === payment.id) {
      return { kind: payment.status === 'captured' ? 'paid' : 'partly-paid' };
    }
    // Received already, by this or any method (a push's receipt, a reference typed for cash).
    if ((row && row.paymentId !== null) || (await receivedAs(tx, code))) throw errors.used();
    if (row) {
      const refusal = await claimRefusal(tx, row, payment.orderId);
      if (refusal) {
        await noteOnUnmatched(tx, row.id, refusalNote(refusal, payment.orderId));
        return { kind: 'refused', refusal };
      }
      const applied = await applyPaidIn(p, tx, row, payment.orderId);
      if (applied.kind === 'unmatched') throw errors.notPayable();
      return { kind: applied.kind };
    }
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.claimedReceipt, code));
    if (other && other.id !== payment.id) throw errors.used();
    await repo.updatePayment(tx, payment.id, { claimedReceipt: code });
    return { kind: 'waiting' };
  });
}

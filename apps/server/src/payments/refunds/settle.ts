// What a refund's result does (decision record 029), in the caller's short transaction, safe to
// repeat: a confirmed refund enters the order's account, marks its payment refunded once all of
// it went back, and tells orders/ (a credit note for goods, the shopper's e-mail); a failed one
// gives back what it had set aside, for a person to try again.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mpesaC2b, orderLedger } from '../schema.ts';
import type { Payments } from '../context.ts';
import { recordEvents, type NewEvent } from '../events-repo.ts';
import * as payments from '../repo.ts';
import * as repo from './repo.ts';

export interface Confirmation {
  /** The provider's reference of the money sent back (PayPal's refund id, the B2C receipt). */
  reference: string;
  log?: readonly NewEvent[];
}

/** Confirms a refund; false when it was confirmed already (nothing changes twice). */
export async function confirmRefund(
  p: Payments,
  tx: Tx,
  refundId: number,
  confirmation: Confirmation,
): Promise<boolean> {
  const refund = (await repo.lockRefund(tx, refundId))!;
  await recordEvents(tx, refund.paymentId, confirmation.log ?? []);
  if (refund.status === 'confirmed') return false;
  if (refund.status === 'failed') {
    // The money went after all (a late result): set it aside again.
    const reserved = refund.paymentId
      ? await repo.reserveFromPayment(tx, refund.paymentId, refund.amountCents)
      : await repo.reserveFromC2b(tx, refund.c2bId!, refund.amountCents);
    if (!reserved) {
      p.log.warn(
        { refundId },
        'a refund marked failed was confirmed late, and its money had been refunded again meanwhile',
      );
    }
  }
  const now = new Date();
  await repo.updateRefund(tx, refund.id, {
    status: 'confirmed',
    reference: confirmation.reference,
    failure: null,
    settledAt: now,
    nextQueryAt: null,
  });
  if (refund.orderId !== null) {
    await tx.insert(orderLedger).values({
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      refundId: refund.id,
      kind: 'refunded',
      method: refund.method,
      reference: confirmation.reference,
      amountCents: refund.amountCents,
      at: now,
    });
  }
  if (refund.paymentId !== null) {
    const payment = (await payments.findById(tx, refund.paymentId))!;
    const all = payment.refundedCents >= payment.receivedCents;
    await payments.updatePayment(tx, payment.id, {
      // Money due back (an overpayment, a second payment) is what a 'money' refund gives back.
      refundDue: payment.refundDue && !all && refund.kind !== 'money',
      ...(all && (payment.status === 'captured' || payment.status === 'refunded')
        ? { status: 'refunded' as const, refundedAt: now, refundReference: confirmation.reference }
        : {}),
    });
  }
  if (refund.c2bId !== null) {
    // An unmatched payment all given back is dealt with: it leaves the list to assign.
    const [row] = await tx.select().from(mpesaC2b).where(eq(mpesaC2b.id, refund.c2bId));
    if (row && row.refundedCents >= row.amountCents && row.closedAt === null) {
      await tx
        .update(mpesaC2b)
        .set({
          closedAt: now,
          closedBy: refund.requestedBy,
          closeNote: `Refunded: ${confirmation.reference}`,
        })
        .where(eq(mpesaC2b.id, refund.c2bId));
    }
  }
  await p.refundSettled(tx, { ...refund, status: 'confirmed', reference: confirmation.reference });
  return true;
}

/** Fails a refund with the provider's words; false when it was already settled. */
export async function failRefund(
  p: Payments,
  tx: Tx,
  refundId: number,
  reason: string,
  log: readonly NewEvent[] = [],
): Promise<boolean> {
  const refund = (await repo.lockRefund(tx, refundId))!;
  await recordEvents(tx, refund.paymentId, log);
  // A failure never overwrites a success: the money moved.
  if (refund.status === 'confirmed' || refund.status === 'failed') return false;
  await repo.updateRefund(tx, refund.id, {
    status: 'failed',
    failure: reason.slice(0, 500),
    settledAt: new Date(),
    nextQueryAt: null,
  });
  await repo.release(tx, refund);
  await p.refundSettled(tx, { ...refund, status: 'failed', failure: reason });
  return true;
}

// Unpaid orders past their time give their stock back. An order whose payment is being captured,
// or whose payment request is still waiting for the shopper, is left alone; if that capture was
// interrupted, it is finished here (the provider's capture is idempotent), so money taken is never
// followed by a cancelled order.
import type { Db } from '../db/client.ts';
import { CAPTURE_STALE_MS, capturePayment } from '../payments/capture.ts';
import type { Payments } from '../payments/context.ts';
import * as payments from '../payments/repo.ts';
import * as repo from './repo.ts';
import { cancelUnpaidOrder } from './service.ts';

const BATCH = 500;

/** Returns how many orders expired. */
export async function expireStaleOrders(p: Payments, now = new Date()): Promise<number> {
  let expired = 0;
  const interrupted: number[] = [];
  for (const id of await repo.staleOrderIds(p.db, now, BATCH)) {
    const outcome = await expireOne(p.db, id, now);
    if (outcome === 'expired') expired++;
    else if (typeof outcome === 'number') interrupted.push(outcome);
  }
  for (const paymentId of interrupted) {
    await capturePayment(p, paymentId, { now, keepClaimOnError: true }).catch((err: unknown) =>
      p.log.warn({ err, paymentId }, 'an interrupted capture could not be finished yet'),
    );
  }
  return expired;
}

/** 'expired', 'kept', or the id of a capture that was interrupted and needs finishing. */
async function expireOne(db: Db, id: number, now: Date): Promise<'expired' | 'kept' | number> {
  return db.transaction(async (tx) => {
    // Skip an order someone is acting on right now; the next sweep looks again.
    const order = await repo.lockOrderIfFree(tx, id);
    if (order?.status !== 'pending_payment' || !order.expiresAt || order.expiresAt >= now) {
      return 'kept';
    }
    // The shopper is being asked on their phone right now: the answer decides, not the clock.
    if ((await payments.waitingPayments(tx, id, now)).length > 0) return 'kept';
    if (await payments.partlyPaid(tx, id)) return 'kept';
    const [capturing] = await payments.capturingPayments(tx, id);
    if (capturing) {
      const startedAt = capturing.captureStartedAt?.getTime() ?? 0;
      return now.getTime() - startedAt >= CAPTURE_STALE_MS ? capturing.id : 'kept';
    }
    const done = await cancelUnpaidOrder(tx, id, { status: 'expired', reason: 'not paid in time' });
    return done ? 'expired' : 'kept';
  });
}

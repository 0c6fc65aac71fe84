// Refunding an order: moving a paid order to 'refunded' gives back every shilling it holds
// (payments/refunds.ts: through the provider, or recorded as given back by hand), then the order
// moves and the shopper is told. A refund the provider answers later (M-Pesa B2C) is followed on
// the order's refunds (decision record 029).
import { canMove, transitionRefusal } from '@duka/domain';
import { found, unprocessable } from '../lib/http-error.ts';
import type { Payments } from '../payments/context.ts';
import { failedRefund, refundEverything } from '../payments/refunds.ts';
import { notifyStatusChange } from './notifications.ts';
import * as repo from './repo.ts';
import { statusEntry } from './service.ts';
import type { AuditTrail } from '../audit/trail.ts';

export async function refundOrder(
  p: Payments,
  orderId: number,
  manualReference: string | undefined,
  actorId?: number,
  audit?: AuditTrail,
): Promise<void> {
  const { db } = p;
  await db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, orderId), `The order ${orderId}`);
    if (!canMove(order, 'refunded')) {
      throw unprocessable(transitionRefusal(order, 'refunded'), 'ILLEGAL_TRANSITION');
    }
  });
  const refunds = await refundEverything(p, orderId, manualReference, actorId ?? null, audit);
  const failed = refunds.find((r) => r.status === 'failed');
  if (failed) throw failedRefund(failed);
  await db.transaction(async (tx) => {
    const order = (await repo.lockOrder(tx, orderId))!;
    if (canMove(order, 'refunded')) {
      await repo.updateOrder(
        tx,
        orderId,
        { status: 'refunded', expiresAt: null },
        { actorId: actorId ?? null },
      );
      await audit?.record(
        tx,
        statusEntry(orderId, order.status, 'refunded', {
          refund_reference: manualReference ?? null,
          refunds: refunds.map((r) => r.id),
        }),
      );
      // The shopper hears of it in the same transaction (the outbox sends it).
      await notifyStatusChange(tx, order, 'refunded');
    }
  });
}

// Refunding an order: moving a paid order to 'refunded' gives back each payment that holds its
// money (payments/refunds.ts: through the provider, or recorded as refunded by hand), then the
// order moves and the shopper is told.
import { canMove, transitionRefusal } from '@duka/domain';
import { issueCreditNote } from '../invoices/issue.ts';
import { found, unprocessable } from '../lib/http-error.ts';
import type { Payments } from '../payments/context.ts';
import { refundOne } from '../payments/refunds.ts';
import * as payments from '../payments/repo.ts';
import { notifyStatusChange } from './notifications.ts';
import * as repo from './repo.ts';
import { statusEntry } from './service.ts';
import type { AuditTrail } from '../audit/trail.ts';

export async function refundOrder(
  p: Payments,
  orderId: number,
  manualReference: string | undefined,
  baseUrl: string,
  actorId?: number,
  audit?: AuditTrail,
): Promise<void> {
  const { db } = p;
  const toRefund = await db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, orderId), `The order ${orderId}`);
    if (!canMove(order, 'refunded')) {
      throw unprocessable(transitionRefusal(order, 'refunded'), 'ILLEGAL_TRANSITION');
    }
    return payments.capturedPayments(tx, orderId);
  });
  for (const payment of toRefund) await refundOne(p, payment, manualReference, baseUrl, audit);
  await db.transaction(async (tx) => {
    const order = (await repo.lockOrder(tx, orderId))!;
    if (canMove(order, 'refunded')) {
      await repo.updateOrder(
        tx,
        orderId,
        { status: 'refunded', expiresAt: null },
        { actorId: actorId ?? null },
      );
      await issueCreditNote(tx, orderId);
      await audit?.record(
        tx,
        statusEntry(orderId, order.status, 'refunded', {
          refund_reference: manualReference ?? null,
          payments_refunded: toRefund.map((payment) => payment.id),
        }),
      );
      // The shopper hears of it in the same transaction (the outbox sends it).
      await notifyStatusChange(tx, order, 'refunded');
    }
  });
}

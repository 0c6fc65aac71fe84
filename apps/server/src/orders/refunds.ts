// Refunds. Moving a paid order to 'refunded' gives its captured payments back through their
// provider where it has an API, or records a refund a person made by hand with its reference. No
// lock is held while a provider answers (CONVENTIONS.md 15): each payment is refunded, then
// recorded in a short transaction; a second attempt skips what was already refunded.
import { canMove, transitionRefusal } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { found, HttpError, unprocessable } from '../lib/http-error.ts';
import { recordEvents } from '../payments/events-repo.ts';
import { refundAtProvider, type RefundDeps } from '../payments/refund.ts';
import * as payments from '../payments/repo.ts';
import { notifyStatusChange } from './notifications.ts';
import * as repo from './repo.ts';

export type { RefundDeps };

export async function refundOrder(
  deps: RefundDeps & { db: Db },
  orderId: number,
  manualReference: string | undefined,
): Promise<void> {
  const { db } = deps;
  const toRefund = await db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, orderId), `The order ${orderId}`);
    if (!canMove(order.status, 'refunded')) {
      throw unprocessable(transitionRefusal(order.status), 'ILLEGAL_TRANSITION');
    }
    return payments.capturedPayments(tx, orderId);
  });
  for (const payment of toRefund) await refundOne(deps, payment, manualReference);
  await db.transaction(async (tx) => {
    const order = (await repo.lockOrder(tx, orderId))!;
    if (canMove(order.status, 'refunded')) {
      await repo.updateOrder(tx, orderId, { status: 'refunded', expiresAt: null });
      // The shopper hears of it in the same transaction (the outbox sends it).
      await notifyStatusChange(tx, order, 'refunded');
    }
  });
}

/** A payment whose money must go back while its order stands (it was paid twice). */
export async function refundPayment(
  deps: RefundDeps & { db: Db },
  paymentId: number,
  manualReference: string | undefined,
): Promise<void> {
  const payment = found(await payments.findById(deps.db, paymentId), `The payment ${paymentId}`);
  if (payment.status !== 'captured' || !payment.refundDue) {
    throw unprocessable(
      'Only a payment marked refund due is refunded on its own; refund an order by moving it to refunded.',
      'NOT_REFUND_DUE',
    );
  }
  await refundOne(deps, payment, manualReference);
}

async function refundOne(
  deps: RefundDeps & { db: Db },
  payment: payments.PaymentRow,
  manualReference: string | undefined,
): Promise<void> {
  const outcome = manualReference
    ? ({ kind: 'refunded', reference: manualReference, log: [] } as const)
    : await refundAtProvider(deps, payment);
  if (outcome.kind === 'by-hand') {
    throw unprocessable(
      `The payment ${payment.transactionId ?? payment.providerPaymentId} cannot be refunded from here. ` +
        'Refund it by hand, then give the refund’s reference.',
      'REFUND_BY_HAND',
    );
  }
  await deps.db.transaction(async (tx) => {
    await repo.lockOrder(tx, payment.orderId);
    await recordEvents(tx, payment.id, outcome.log);
    if (outcome.kind === 'failed') return;
    const current = (await payments.findById(tx, payment.id))!;
    if (current.status !== 'captured') return; // refunded meanwhile
    await payments.updatePayment(tx, payment.id, {
      status: 'refunded',
      refundDue: false,
      refundedAt: new Date(),
      refundReference: manualReference ? `by hand: ${manualReference}` : outcome.reference,
    });
  });
  if (outcome.kind === 'failed') {
    throw new HttpError(
      502,
      'REFUND_FAILED',
      `The provider did not refund the payment: ${outcome.reason}. Nothing was changed; try again, or refund it by hand.`,
    );
  }
}

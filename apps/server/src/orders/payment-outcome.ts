// The one way a payment's outcome reaches its order (payments/ calls it through app.payments, never
// importing orders/). Money that arrives for an order cancelled or expired meanwhile is never lost:
// the order comes back to life when its stock can be taken again, and otherwise it is marked
// 'refund_due' so a person gives the money back (DESIGN.md, "Where we do better" 12).
import type { Tx } from '../db/client.ts';
import { takeStock } from '../catalog/stock/index.ts';
import { HttpError } from '../lib/http-error.ts';
import type { ApplyToOrder, OrderEffect, PaymentOutcome } from '../payments/context.ts';
import * as repo from './repo.ts';
import { awaitsPayment } from '@duka/domain';
import {
  cancelUnpaidOrder,
  confirmForPaymentOnDelivery,
  markOrderPaid,
  markPaidOnTheWay,
  type SaleContext,
} from './service.ts';

/** The function handed to payments/ by app.ts, for the app's own sales (its eTIMS branch). */
export const paymentOutcomeFor =
  (sale: SaleContext): ApplyToOrder =>
  (tx, order, outcome) =>
    applyPaymentOutcome(tx, order, outcome, sale);

/** In the caller's transaction, holding the order's lock. */
export async function applyPaymentOutcome(
  tx: Tx,
  order: repo.OrderRow,
  outcome: PaymentOutcome,
  sale: SaleContext,
): Promise<OrderEffect> {
  if (outcome.kind === 'failed') {
    const released = await cancelUnpaidOrder(tx, order.id, {
      status: 'cancelled',
      reason: outcome.reason,
    });
    return released ? 'released' : 'unchanged';
  }
  if (outcome.kind === 'on-delivery') {
    return (await confirmForPaymentOnDelivery(tx, order)) ? 'confirmed' : 'unchanged';
  }
  if (order.status === 'pending_payment' || order.status === 'confirmed') {
    await markOrderPaid(tx, order, outcome.at, sale);
    return 'paid';
  }
  // Paid on delivery while it is being packed, on its way or at its point: it stays where it is.
  if (awaitsPayment(order)) {
    await markPaidOnTheWay(tx, order, outcome.at, sale);
    return 'paid';
  }
  // Cancelled or expired while the shopper was paying.
  if (order.status === 'cancelled') return reviveOrRefund(tx, order, outcome.at, sale);
  return 'already-settled';
}

async function reviveOrRefund(
  tx: Tx,
  order: repo.OrderRow,
  paidAt: Date,
  sale: SaleContext,
): Promise<OrderEffect> {
  const lines = (await repo.stockLinesOf(tx, order.id)).map((l) => ({ ...l, title: '' }));
  try {
    // A savepoint: when one line is short, the lines taken before it go back too.
    await tx.transaction((savepoint) => takeStock(savepoint, lines));
  } catch (err) {
    if (!(err instanceof HttpError && err.code === 'OUT_OF_STOCK')) throw err;
    await repo.updateOrder(tx, order.id, { status: 'refund_due', paidAt, expiresAt: null });
    return 'refund-due';
  }
  await markOrderPaid(tx, order, paidAt, sale);
  return 'revived';
}

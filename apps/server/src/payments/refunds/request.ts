// Asking for money to go back (decision record 029): in one short transaction the order is
// locked, the payment that holds the money chosen, the amount set aside from it (the database
// refuses more than came in, whatever races) and the refund recorded as requested; at most one
// refund of a payment is in flight. A refund made by hand is confirmed there and then.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatKsh } from '@duka/domain';
import type { Tx } from '../../db/client.ts';
import { refunds } from '../schema.ts';
import { conflict, found, HttpError, unprocessable } from '../../lib/http-error.ts';
import type { Payments } from '../context.ts';
import { traitsOf } from '../methods.ts';
import * as payments from '../repo.ts';
import * as repo from './repo.ts';
import { confirmRefund } from './settle.ts';

export interface RefundAsk {
  orderId: number;
  amountCents: number;
  reason: string;
  /** 'goods': lines (or the whole order) given back, a credit note follows; 'money': an overpayment. */
  kind: 'goods' | 'money';
  /** The payment to refund; else the one holding the most. */
  paymentId?: number | undefined;
  returnId?: number | undefined;
  lines?: { orderItemId: number; quantity: number; amountCents: number }[] | undefined;
  deliveryCents?: number | undefined;
  /** Given back by hand (cash, a bank transfer): its reference; confirmed at once. */
  manualReference?: string | undefined;
  requestedBy: number | null;
}

const refundable = (p: payments.PaymentRow) => p.receivedCents - p.refundedCents;

/**
 * How the money of this payment goes back: by hand as its method records it (cash for money
 * collected at the door), else through its provider when it can give money back.
 */
function refundMethodOf(p: Payments, payment: payments.PaymentRow, manual: boolean) {
  if (manual) return { method: traitsOf(payment.method).byHandRefund, provider: undefined };
  const provider = p.providers.byName(payment.provider);
  if (!provider?.refund || !provider.refundMethod) return null;
  return { method: provider.refundMethod, provider };
}

export async function requestRefund(p: Payments, ask: RefundAsk): Promise<repo.RefundRow> {
  return p.db.transaction(async (tx) => {
    const order = found(await payments.lockOrder(tx, ask.orderId), `The order ${ask.orderId}`);
    const held = (await payments.paymentsOf(tx, order.id)).filter((x) => refundable(x) > 0);
    const payment = ask.paymentId
      ? held.find((x) => x.id === ask.paymentId)
      : held.sort((a, b) => refundable(b) - refundable(a))[0];
    if (!payment) {
      throw conflict('No payment of this order holds money to give back.', 'NOTHING_TO_REFUND');
    }
    if (ask.amountCents > refundable(payment)) {
      throw conflict(
        `At most ${formatKsh(refundable(payment))} of this payment can be refunded.`,
        'REFUND_TOO_LARGE',
      );
    }
    const manual = ask.manualReference !== undefined;
    const way = refundMethodOf(p, payment, manual);
    if (!way) {
      throw unprocessable(
        'This payment cannot be refunded from here: refund it by hand, then give the refund’s reference.',
        'REFUND_BY_HAND',
      );
    }
    const { method, provider } = way;
    // What the provider needs before the money is set aside (M-Pesa: the payer's phone).
    const prepared = await provider?.prepareRefund?.(tx, {
      payment,
      order,
      amountCents: ask.amountCents,
    });
    const phone = prepared?.phone ?? null;
    if (!(await repo.reserveFromPayment(tx, payment.id, ask.amountCents))) {
      throw conflict('Another refund took this money meanwhile.', 'REFUND_TOO_LARGE');
    }
    return insertRequested(p, tx, ask.manualReference, {
      orderId: order.id,
      paymentId: payment.id,
      returnId: ask.returnId ?? null,
      amountCents: ask.amountCents,
      kind: ask.kind,
      reason: ask.reason,
      method,
      lines: ask.lines ?? null,
      deliveryCents: ask.deliveryCents ?? 0,
      phone,
      requestedBy: ask.requestedBy,
    });
  });
}

/**
 * The refund row of money already set aside, with a new attempt's key; one made by hand is
 * confirmed at once. A refund of the same money in flight (the partial unique index) is a 409.
 */
export async function insertRequested(
  p: Payments,
  tx: Tx,
  manualReference: string | undefined,
  values: Omit<typeof refunds.$inferInsert, 'requestKey'>,
): Promise<repo.RefundRow> {
  const [refund] = await tx
    .insert(refunds)
    .values({ ...values, requestKey: randomUUID() })
    .onConflictDoNothing()
    .returning();
  if (!refund) {
    throw conflict(
      'A refund of this payment is on its way; wait for its result.',
      'REFUND_IN_PROGRESS',
    );
  }
  if (manualReference !== undefined) {
    await confirmRefund(p, tx, refund.id, { reference: manualReference });
  }
  return (await repo.findRefund(tx, refund.id))!;
}

/** A failed refund asked again: set aside again, a new attempt with a new key, then sent. */
export async function retryRefund(p: Payments, refundId: number): Promise<repo.RefundRow> {
  return p.db
    .transaction(async (tx) => {
      const refund = found(await repo.lockRefund(tx, refundId), `The refund ${refundId}`);
      if (refund.status !== 'failed') {
        throw conflict('Only a failed refund can be tried again.', 'REFUND_NOT_FAILED');
      }
      const reserved = refund.paymentId
        ? await repo.reserveFromPayment(tx, refund.paymentId, refund.amountCents)
        : await repo.reserveFromC2b(tx, refund.c2bId!, refund.amountCents);
      if (!reserved) throw conflict('This money was refunded meanwhile.', 'REFUND_TOO_LARGE');
      const inFlight = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.paymentId, refund.paymentId ?? -1), eq(refunds.status, 'sent')));
      if (inFlight.length > 0) {
        throw conflict(
          'A refund of this payment is on its way; wait for its result.',
          'REFUND_IN_PROGRESS',
        );
      }
      await repo.updateRefund(tx, refund.id, {
        status: 'requested',
        attempt: refund.attempt + 1,
        requestKey: randomUUID(),
        failure: null,
        sentAt: null,
        settledAt: null,
      });
      return (await repo.findRefund(tx, refund.id))!;
    })
    .catch((err: unknown) => {
      // The in-flight index refuses a second refund of the payment being retried.
      if (err instanceof HttpError) throw err;
      if ((err as { cause?: { code?: string } }).cause?.code === '23505') {
        throw conflict(
          'A refund of this payment is on its way; wait for its result.',
          'REFUND_IN_PROGRESS',
        );
      }
      throw err;
    });
}

// Asking for money to go back (decision record 029): in one short transaction the order is
// locked, the payment that holds the money chosen, the amount set aside from it (the database
// refuses more than came in, whatever races) and the refund recorded as requested; at most one
// refund of a payment is in flight. A refund made by hand is confirmed there and then.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatKsh, normaliseKenyanMobile } from '@duka/domain';
import type { Tx } from '../../db/client.ts';
import { mpesaC2b, refunds } from '../schema.ts';
import { accountPhone } from '../../auth/accounts.ts';
import { conflict, found, HttpError, unprocessable } from '../../lib/http-error.ts';
import type { Payments } from '../context.ts';
import { payerPhoneMatches } from '../mpesa/payer-phone.ts';
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

/** The Kenyan mobile numbers among these, as 2547…. */
const mobiles = (phones: readonly (string | null | undefined)[]) =>
  phones.flatMap((phone) => {
    const normal = phone ? normaliseKenyanMobile(phone) : null;
    return normal ? [normal] : [];
  });

/** How the money of this payment goes back. */
function methodOf(p: Payments, payment: payments.PaymentRow, manual: boolean): string | null {
  if (manual) return payment.method === 'pay_on_delivery' ? 'cash' : 'manual';
  const provider = p.providers.byName(payment.provider);
  if (!provider?.refund) return null;
  return payment.method === 'paypal' ? 'paypal' : 'mpesa';
}

/**
 * The phone M-Pesa money goes back to: the one a push asked, else the payer's from a Paybill/Till
 * confirmation — in full, or the order's or account's phone when it is consistent with a masked or
 * hashed one. Null when none is known (then a person refunds it by hand).
 */
async function payerPhoneOf(tx: Tx, payment: payments.PaymentRow, order: payments.OrderRow) {
  if (payment.phone) return payment.phone;
  const paidIn = await tx
    .select({ msisdn: mpesaC2b.msisdn })
    .from(mpesaC2b)
    .where(eq(mpesaC2b.paymentId, payment.id));
  const known = mobiles([order.phone, await accountPhone(tx, order.userId)]);
  for (const { msisdn } of paidIn) {
    const full = mobiles([msisdn])[0];
    if (full) return full;
    const match = known.find((phone) => payerPhoneMatches(msisdn, [phone]));
    if (match) return match;
  }
  return null;
}

/** M-Pesa moves no cents: a B2C refund is asked in whole shillings, or made by hand. */
export function wholeShillings(cents: number) {
  if (cents % 100 === 0) return;
  const down = Math.floor(cents / 100) * 100;
  const choices = [down, down + 100].filter((x) => x > 0).map(formatKsh);
  throw unprocessable(
    `M-Pesa sends whole shillings: ask for ${choices.join(' or ')}, or refund it by hand and give its reference.`,
    'MPESA_WHOLE_SHILLINGS',
  );
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
    const method = methodOf(p, payment, manual);
    if (!method) {
      throw unprocessable(
        'This payment cannot be refunded from here: refund it by hand, then give the refund’s reference.',
        'REFUND_BY_HAND',
      );
    }
    const phone = method === 'mpesa' ? await payerPhoneOf(tx, payment, order) : null;
    if (method === 'mpesa' && !phone) {
      throw unprocessable(
        'The phone this payment came from is not known: refund it by hand, then give the refund’s reference.',
        'REFUND_BY_HAND',
      );
    }
    if (method === 'mpesa') wholeShillings(ask.amountCents);
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

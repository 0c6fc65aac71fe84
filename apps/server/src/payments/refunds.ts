// Giving money back, as the back office asks for it (decision record 029), on top of the refunds
// module (refunds/: request, send, settle): a payment marked refund due, or everything an order
// holds. Each goes back the way it came where the provider has a way (PayPal's capture refund,
// M-Pesa B2C, the sandboxes), or is recorded with the reference of a refund made by hand.
import { found, HttpError, unprocessable } from '../lib/http-error.ts';
import type { Payments } from './context.ts';
import * as repo from './repo.ts';
import { requestRefund, type RefundAsk } from './refunds/request.ts';
import type { RefundRow } from './refunds/repo.ts';
import { sendRefund } from './refunds/send.ts';
import type { AuditTrail } from '../audit/trail.ts';

/** Asks for a refund and sends it (unless it was made by hand); answers it as it stands. */
export async function refund(p: Payments, ask: RefundAsk, audit?: AuditTrail): Promise<RefundRow> {
  const requested = await requestRefund(p, ask);
  const refund = requested.status === 'requested' ? await sendRefund(p, requested.id) : requested;
  if (audit) {
    await p.db.transaction((tx) =>
      audit.record(tx, {
        action: 'payment.refund',
        entity: 'order',
        entityId: ask.orderId,
        after: {
          refund_id: refund.id,
          payment_id: refund.paymentId,
          amount_cents: refund.amountCents,
          method: refund.method,
          kind: refund.kind,
          reason: refund.reason,
          status: refund.status,
          reference: refund.reference,
        },
      }),
    );
  }
  return refund;
}

/** A failed refund's words as an answer to the person who asked for it. */
export function failedRefund(refund: RefundRow): HttpError {
  return new HttpError(
    502,
    'REFUND_FAILED',
    `The provider did not refund the payment: ${refund.failure ?? 'no reason given'}. Nothing was given back; try again, or refund it by hand.`,
  );
}

/** A payment whose money must go back while its order stands (paid twice, or paid over). */
export async function refundPayment(
  p: Payments,
  paymentId: number,
  manualReference: string | undefined,
  requestedBy: number | null,
  audit?: AuditTrail,
): Promise<RefundRow> {
  const payment = found(await repo.findById(p.db, paymentId), `The payment ${paymentId}`);
  const left = payment.receivedCents - payment.refundedCents;
  if (!payment.refundDue || left <= 0) {
    throw unprocessable(
      'Only a payment marked refund due is refunded on its own; refund an order from its page.',
      'NOT_REFUND_DUE',
    );
  }
  // Paid over: only the excess goes back; paid twice, or for an order that could not take it: all.
  const amountCents = payment.overpaidCents > 0 ? Math.min(payment.overpaidCents, left) : left;
  return refund(
    p,
    {
      orderId: payment.orderId,
      paymentId: payment.id,
      amountCents,
      kind: 'money',
      reason: payment.overpaidCents > 0 ? 'Paid more than the total' : 'Paid twice',
      manualReference,
      requestedBy,
    },
    audit,
  );
}

/** Every shilling an order still holds, given back (an order moved to refunded). */
export async function refundEverything(
  p: Payments,
  orderId: number,
  manualReference: string | undefined,
  requestedBy: number | null,
  audit?: AuditTrail,
): Promise<RefundRow[]> {
  const held = (await repo.paymentsOf(p.db, orderId)).filter(
    (x) => x.receivedCents > x.refundedCents,
  );
  const done: RefundRow[] = [];
  for (const payment of held) {
    done.push(
      await refund(
        p,
        {
          orderId,
          paymentId: payment.id,
          amountCents: payment.receivedCents - payment.refundedCents,
          kind: 'goods',
          reason: 'Order refunded',
          manualReference,
          requestedBy,
        },
        audit,
      ),
    );
  }
  return done;
}

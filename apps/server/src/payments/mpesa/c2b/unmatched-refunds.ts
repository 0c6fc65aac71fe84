// Money that came in by M-Pesa and matched no order (a stray or duplicate payment), given back
// (decision record 029): all or part of it, by B2C to the phone it came from, or recorded as given
// back by hand. Like an order's refund it is set aside atomically (mpesa_c2b.refunded_cents, held
// to what came in by a check), one at a time; no credit note follows (nothing was sold).
import { and, eq, isNull } from 'drizzle-orm';
import { formatKsh, normaliseKenyanMobile } from '@duka/domain';
import { mpesaC2b } from '../../schema.ts';
import { conflict, notFound, unprocessable } from '../../../lib/http-error.ts';
import type { Payments } from '../../context.ts';
import * as repo from '../../refunds/repo.ts';
import { insertRequested } from '../../refunds/request.ts';
import { wholeShillings } from '../b2c/refund-checks.ts';
import { sendRefund } from '../../refunds/send.ts';

export interface UnmatchedRefundAsk {
  transId: string;
  /** All that is left of it by default. */
  amountCents?: number | undefined;
  reason: string;
  /** Given back by hand: its reference; confirmed at once. */
  manualReference?: string | undefined;
  requestedBy: number | null;
}

/** Asks for the refund and sends it (unless made by hand); answers it as it stands. */
export async function refundUnmatched(
  p: Payments,
  ask: UnmatchedRefundAsk,
): Promise<repo.RefundRow> {
  const requested = await p.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mpesaC2b)
      .where(
        and(
          eq(mpesaC2b.transId, ask.transId),
          isNull(mpesaC2b.paymentId),
          isNull(mpesaC2b.closedAt),
        ),
      )
      .for('update');
    if (!row) throw notFound(`An unmatched payment ${ask.transId}`);
    const left = row.amountCents - row.refundedCents;
    if (left <= 0) {
      throw conflict('All of this payment was refunded already.', 'NOTHING_TO_REFUND');
    }
    const amountCents = ask.amountCents ?? left;
    if (amountCents > left) {
      throw conflict(`At most ${formatKsh(left)} of it can be refunded.`, 'REFUND_TOO_LARGE');
    }
    const manual = ask.manualReference !== undefined;
    // Daraja may send the payer's number masked or hashed: then only a person can send it back.
    const phone = row.msisdn ? normaliseKenyanMobile(row.msisdn) : null;
    const canSend = p.providers.all().some((x) => x.refundMethod === 'mpesa' && x.refund);
    if (!manual && (!phone || !canSend)) {
      throw unprocessable(
        phone
          ? 'M-Pesa refunds cannot be sent from this shop: refund it by hand, then give the refund’s reference.'
          : 'The phone this payment came from is not known: refund it by hand, then give the refund’s reference.',
        'REFUND_BY_HAND',
      );
    }
    if (!manual) wholeShillings(amountCents);
    if (!(await repo.reserveFromC2b(tx, row.id, amountCents))) {
      throw conflict('Another refund took this money meanwhile.', 'REFUND_TOO_LARGE');
    }
    return insertRequested(p, tx, manual ? ask.manualReference : undefined, {
      orderId: null,
      paymentId: null,
      c2bId: row.id,
      amountCents,
      kind: 'money',
      reason: ask.reason,
      method: manual ? 'manual' : 'mpesa',
      phone: manual ? null : phone,
      requestedBy: ask.requestedBy,
    });
  });
  return requested.status === 'requested' ? sendRefund(p, requested.id) : requested;
}

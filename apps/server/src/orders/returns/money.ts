// The money a received return gives back (issue 34), asked for through payments/ like every
// refund: the returned lines' value as sold (VAT included), named line by line so the credit
// note that follows its confirmation credits exactly those lines; or the difference of an
// exchange for a cheaper variant, credited on the returned line without units. One refund from
// the payment holding the most; when no one payment holds it all (an order paid in parts), a
// refund from each in turn, for the amount (its credit note then shares it over the sale).
import { formatKsh } from '@duka/domain';
import type { AuditTrail } from '../../audit/trail.ts';
import { conflict, forbidden, found, HttpError } from '../../lib/http-error.ts';
import type { Payments } from '../../payments/context.ts';
import * as payments from '../../payments/repo.ts';
import { refund } from '../../payments/refunds.ts';
import { refundsOfReturns } from '../../payments/refunds/return-refunds.ts';
import * as orders from '../repo.ts';
import { factsOf, type OrderFacts } from './facts.ts';
import * as repo from './repo.ts';
import { termsOf } from './views.ts';

export interface RefundOwed {
  amountCents: number;
  lines: { orderItemId: number; quantity: number; amountCents: number }[];
}

/** What a received return gives back in all; null when nothing. */
export function refundOwed(
  facts: OrderFacts,
  ret: repo.ReturnRow,
  replacementTotal: number | undefined,
): RefundOwed | null {
  const lines = facts.lines.get(ret.id) ?? [];
  if (ret.resolution === 'refund') {
    const value = facts.values.get(ret.id);
    if (!value || value.totalCents === 0) return null;
    return {
      amountCents: value.totalCents,
      lines: lines.map((l) => ({
        orderItemId: l.orderItemId,
        quantity: l.quantity,
        amountCents: value.lines.get(l.id) ?? 0,
      })),
    };
  }
  // An exchange that charged the difference gives nothing back.
  if (replacementTotal !== undefined && replacementTotal > 0) return null;
  const terms = termsOf(facts, ret);
  if (!terms || terms.refundCents === 0 || !lines[0]) return null;
  return {
    amountCents: terms.refundCents,
    lines: [{ orderItemId: lines[0].orderItemId, quantity: 0, amountCents: terms.refundCents }],
  };
}

/** The payments holding money, the most first: what each can still give back. */
async function holdings(p: Payments, orderId: number) {
  return (await payments.paymentsOf(p.db, orderId))
    .map((x) => ({ id: x.id, left: x.receivedCents - x.refundedCents }))
    .filter((x) => x.left > 0)
    .sort((a, b) => b.left - a.left);
}

/**
 * Asks for what a received return still owes (all of it the first time; what an earlier ask
 * left, after that). Null when asked; else why not, for the admin (nothing was sent then).
 */
export async function askReturnRefund(
  p: Payments,
  returnId: number,
  manualReference: string | undefined,
  decider: { id: number; mayRefund: boolean },
  audit: AuditTrail,
): Promise<string | null> {
  const ret = found(await repo.findReturn(p.db, returnId), `The return ${returnId}`);
  const order = (await orders.orderById(p.db, ret.orderId))!;
  const replacement = ret.exchangeOrderId
    ? await orders.orderById(p.db, ret.exchangeOrderId)
    : undefined;
  const owed = refundOwed(await factsOf(p.db, order), ret, replacement?.totalCents);
  const asked = ((await refundsOfReturns(p.db, [returnId])).get(returnId) ?? []).reduce(
    (sum, r) => sum + r.amountCents,
    0,
  );
  const left = (owed?.amountCents ?? 0) - asked;
  if (!owed || left <= 0) {
    throw conflict(`Nothing more is owed for return #${returnId}.`, 'NOTHING_OWED');
  }
  if (!decider.mayRefund) {
    throw forbidden('Giving money back needs the payments.refund permission.');
  }
  const ask = {
    orderId: order.id,
    returnId,
    kind: 'goods' as const,
    reason: `Return #${returnId}`,
    manualReference,
    requestedBy: decider.id,
  };
  try {
    const held = await holdings(p, order.id);
    if (held.length === 0) {
      return `No payment of order #${order.id} holds money to give back: ${formatKsh(left)} is owed for this return. Refund it by hand and record its reference.`;
    }
    // All of it from one payment, line by line, whenever one can (a refund by hand: always).
    if (held[0]!.left >= left || manualReference !== undefined) {
      const done = await refund(
        p,
        { ...ask, amountCents: left, lines: asked === 0 ? owed.lines : undefined },
        audit,
      );
      return done.status === 'failed' ? failedWords(done.failure) : null;
    }
    let rest = left;
    for (const payment of held) {
      if (rest === 0) break;
      const part = Math.min(rest, payment.left);
      const done = await refund(p, { ...ask, amountCents: part, paymentId: payment.id }, audit);
      if (done.status === 'failed') return failedWords(done.failure);
      rest -= part;
    }
    return null;
  } catch (err) {
    if (err instanceof HttpError) return err.message;
    throw err;
  }
}

const failedWords = (failure: string | null) =>
  `The provider did not refund it: ${failure ?? 'no reason given'}. Nothing was given back; try the refund again.`;

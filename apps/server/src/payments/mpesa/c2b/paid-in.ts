// Payments the shopper starts from the M-Pesa menu, to the shop's Paybill (with the order number as
// the account number) or Till (with no account number: the shopper types the M-Pesa code from the
// SMS), matched to orders (decision record 018). Everything is idempotent by the receipt
// (TransID); a payment that matches no order awaiting payment is kept as an unmatched payment for
// the admin to assign. No shilling is lost: partial payments add up, and more than the total is
// flagged to be given back.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { awaitsPayment } from '@duka/domain';
import type { Db, Tx } from '../../../db/client.ts';
import { mpesaC2b, payments } from '../../schema.ts';
import type { Payments } from '../../context.ts';
import { recordEvents } from '../../events-repo.ts';
import { normaliseReference, receivedAs } from '../../ledger.ts';
import { settleReceived } from '../../settlement.ts';
import * as repo from '../../repo.ts';
import { orderIdOf, parseC2b, type C2bPayment } from './body.ts';
import { openPaybillPayment } from './open-payment.ts';
import { maskedJson } from '../daraja/mask.ts';
import { claimRefusal, refusalNote } from './till-rules.ts';
import type { AuditTrail } from '../../../audit/trail.ts';

export type C2bRow = typeof mpesaC2b.$inferSelect;

export type Applied =
  /** It paid the order, exactly or with more than the total (`overpaidCents` due back). */
  | { kind: 'paid'; orderId: number; paymentId: number; overpaidCents: number }
  /** Less than the total so far: the balance is still due. */
  | { kind: 'partly-paid'; orderId: number; paymentId: number; balanceCents: number }
  /** No order awaiting payment takes it: it stays unmatched. */
  | { kind: 'unmatched'; reason: string };

export type ConfirmationOutcome =
  | Applied
  /** Seen before (by its receipt): nothing changes. */
  | { kind: 'duplicate'; transId: string }
  /** Its receipt was recorded on an order before it came (typed when cash was collected). */
  | { kind: 'recorded-before'; orderId: number; paymentId: number | null }
  /** Not a payment at all, or not from Daraja: recorded, pays nothing. */
  | { kind: 'rejected'; reason: string };

export function noteOfConfirmation(outcome: ConfirmationOutcome): string {
  switch (outcome.kind) {
    case 'paid':
      return outcome.overpaidCents > 0
        ? `applied: order ${outcome.orderId} paid, Ksh ${outcome.overpaidCents / 100} over: refund due`
        : `applied: order ${outcome.orderId} paid`;
    case 'partly-paid':
      return `applied: order ${outcome.orderId} partly paid, Ksh ${outcome.balanceCents / 100} still due`;
    case 'unmatched':
      return `unmatched: ${outcome.reason}`;
    case 'duplicate':
      return `duplicate: receipt ${outcome.transId} already received`;
    case 'recorded-before':
      return `recorded before on order ${outcome.orderId}: nothing more to apply`;
    case 'rejected':
      return `rejected: ${outcome.reason}`;
  }
}

/** The order's Paybill/Till payment still open, or a new one for the order's total. */
async function paybillPaymentOf(p: Payments, tx: Tx, order: repo.OrderRow) {
  const open = await openPaybillPayment(tx, order.id);
  if (open) return open;
  const provider = p.providers.forMethod('mpesa_paybill');
  return repo.insertPayment(tx, {
    orderId: order.id,
    provider: provider.name,
    providerPaymentId: `${provider.idPrefix}-${randomBytes(16).toString('base64url')}`,
    method: 'mpesa_paybill',
    amountCents: order.totalCents,
    currency: 'KES',
    settlementCurrency: 'KES',
    settlementAmountMinor: order.totalCents,
  });
}

/**
 * Applies money that came in to an order, in the caller's transaction: it must be awaiting
 * payment. Partial payments add up on the order's Paybill payment until the total is reached.
 */
export async function applyPaidIn(
  p: Payments,
  tx: Tx,
  row: C2bRow,
  orderId: number,
): Promise<Applied> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) return { kind: 'unmatched', reason: `no order ${orderId}` };
  // To be paid on delivery counts too: the shopper may pay the Paybill before the courier comes.
  if (!awaitsPayment(order)) {
    return {
      kind: 'unmatched',
      reason: `order ${orderId} is not awaiting payment (${order.status})`,
    };
  }
  const payment = await paybillPaymentOf(p, tx, order);
  const outcome = await settleReceived(tx, p.applyToOrder, payment.id, {
    reference: row.transId,
    amountCents: row.amountCents,
    paidAt: row.paidAt ?? new Date(),
  });
  if (outcome.kind === 'rejected') return { kind: 'unmatched', reason: outcome.reason };
  await tx
    .update(mpesaC2b)
    .set({ paymentId: payment.id, appliedAt: new Date(), note: null })
    .where(eq(mpesaC2b.id, row.id));
  if (outcome.kind === 'partly-paid') {
    return {
      kind: 'partly-paid',
      orderId,
      paymentId: payment.id,
      balanceCents: outcome.balanceCents,
    };
  }
  return { kind: 'paid', orderId, paymentId: payment.id, overpaidCents: outcome.overpaidCents };
}

/** Daraja's confirmation of a completed Paybill or Till payment. Answered 'Accepted' whatever it was. */
export async function receiveConfirmation(
  p: Payments,
  body: string | undefined,
  fromDaraja: boolean,
): Promise<ConfirmationOutcome> {
  const text = body ?? '';
  const record = async (db: Db | Tx, outcome: ConfirmationOutcome, paymentId: number | null) => {
    await recordEvents(db, paymentId, [
      { kind: 'c2b-confirmation', body: text, note: noteOfConfirmation(outcome) },
    ]);
    return outcome;
  };
  if (!fromDaraja) {
    return record(p.db, { kind: 'rejected', reason: 'no or a wrong secret in the address' }, null);
  }
  const parsed = parseC2b(body);
  if (!parsed.ok) return record(p.db, { kind: 'rejected', reason: parsed.reason }, null);
  const { shortcode } = parsed.payment;
  if (shortcode !== p.c2bShortcode) {
    // Another business's payment at our address: it is not this shop's money.
    const reason = `short code ${shortcode} is not this shop's (${p.c2bShortcode})`;
    return record(p.db, { kind: 'rejected', reason }, null);
  }
  return p.db.transaction(async (tx) => {
    const row = await insertPaidIn(tx, parsed.payment, 'confirmation');
    if (!row) return record(tx, { kind: 'duplicate', transId: parsed.payment.transId }, null);
    const outcome = await match(p, tx, row);
    if (outcome.kind === 'unmatched') await noteOnUnmatched(tx, row.id, outcome.reason);
    return record(tx, outcome, 'paymentId' in outcome ? outcome.paymentId : null);
  });
}

/** The row of a new receipt; undefined when the receipt was seen before. */
export async function insertPaidIn(tx: Tx, paid: C2bPayment, source: string) {
  const [row] = await tx
    .insert(mpesaC2b)
    .values({ ...paid, msisdn: paid.msisdn, source })
    .onConflictDoNothing({ target: mpesaC2b.transId })
    .returning();
  return row;
}

/** Why a money row paid no order, kept on it for the admin. */
export async function noteOnUnmatched(tx: Tx, rowId: number, note: string) {
  await tx.update(mpesaC2b).set({ note }).where(eq(mpesaC2b.id, rowId));
}

/**
 * A Till code the shopper typed first (if its payer and amount fit that order), else the account
 * number, names the order. A receipt recorded already (typed when cash was collected at the door)
 * is that money: it is linked to the payment it paid, and pays nothing more.
 */
async function match(
  p: Payments,
  tx: Tx,
  row: C2bRow,
): Promise<Applied | { kind: 'recorded-before'; orderId: number; paymentId: number | null }> {
  const earlier = await receivedAs(tx, row.transId);
  if (earlier) {
    await tx
      .update(mpesaC2b)
      .set({ paymentId: earlier.paymentId, appliedAt: new Date() })
      .where(eq(mpesaC2b.id, row.id));
    return { kind: 'recorded-before', ...earlier };
  }
  const [claimed] = await tx
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.claimedReceipt, row.transId));
  if (claimed) {
    const refusal = await claimRefusal(tx, row, claimed.orderId);
    if (!refusal) return applyPaidIn(p, tx, row, claimed.orderId);
    // The code was typed by someone it does not fit: the claim is let go, the money stays
    // unmatched (or pays the order its account number names).
    await repo.updatePayment(tx, claimed.id, { claimedReceipt: null });
    if (!row.billRef) {
      return { kind: 'unmatched', reason: refusalNote(refusal, claimed.orderId) };
    }
  }
  const orderId = orderIdOf(row.billRef);
  if (orderId === null) {
    return {
      kind: 'unmatched',
      reason: row.billRef ? `account number '${row.billRef}' names no order` : 'no account number',
    };
  }
  return applyPaidIn(p, tx, row, orderId);
}

export type ValidationAnswer = { ResultCode: string; ResultDesc: string };
const ACCEPTED: ValidationAnswer = { ResultCode: '0', ResultDesc: 'Accepted' };
const rejected = (code: string): ValidationAnswer => ({ ResultCode: code, ResultDesc: 'Rejected' });

/**
 * Daraja's question before it completes a payment (only where Safaricom enabled validation):
 * a Paybill payment must name an order awaiting payment; a Till payment has no account to check.
 */
export async function validatePaidIn(
  p: Payments,
  body: string | undefined,
  fromDaraja: boolean,
): Promise<ValidationAnswer> {
  const parsed = parseC2b(body);
  const answer = await (async () => {
    if (!fromDaraja) return rejected('C2B00016');
    if (!parsed.ok) {
      return /TransAmount/.test(parsed.reason) ? rejected('C2B00013') : rejected('C2B00016');
    }
    if (parsed.payment.shortcode !== p.c2bShortcode) return rejected('C2B00015');
    if (parsed.payment.amountCents <= 0) return rejected('C2B00013');
    if (parsed.payment.kind === 'Buy Goods' || parsed.payment.billRef === '') return ACCEPTED;
    const orderId = orderIdOf(parsed.payment.billRef);
    const order = orderId === null ? undefined : await repo.findOrder(p.db, orderId);
    return order && awaitsPayment(order) ? ACCEPTED : rejected('C2B00012');
  })();
  await recordEvents(p.db, null, [
    {
      kind: 'c2b-validation',
      body: body ?? '',
      note: `answered ${maskedJson(answer)}`,
    },
  ]);
  return answer;
}

/** The admin applies an unmatched payment to an order, by the same rules as a confirmation. */
export async function assignUnmatched(
  p: Payments,
  transId: string,
  orderId: number,
  errors: { notFound: () => Error; notPayable: (reason: string) => Error },
  audit?: AuditTrail,
): Promise<Applied> {
  return p.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mpesaC2b)
      .where(
        and(eq(mpesaC2b.transId, transId), isNull(mpesaC2b.paymentId), isNull(mpesaC2b.closedAt)),
      )
      .for('update');
    if (!row) throw errors.notFound();
    // Money that went back (or is on its way back) cannot pay an order too.
    if (row.refundedCents > 0) throw errors.notPayable('part of it was refunded');
    const applied = await applyPaidIn(p, tx, row, orderId);
    if (applied.kind === 'unmatched') throw errors.notPayable(applied.reason);
    await recordEvents(tx, applied.paymentId, [
      {
        kind: 'c2b-assigned',
        body: JSON.stringify({ TransID: row.transId, order_id: orderId }),
        note: `assigned by an administrator: ${applied.kind}`,
      },
    ]);
    await audit?.record(tx, {
      action: 'payment.assign',
      entity: 'payment',
      entityId: applied.paymentId,
      before: { order_id: null },
      after: { order_id: orderId, mpesa_receipt: row.transId, outcome: applied.kind },
    });
    return applied;
  });
}

/** An unmatched payment that turned out to be money recorded on a payment (cash collected by M-Pesa). */
export async function takeUnmatchedReceipt(tx: Tx, transId: string, paymentId: number) {
  await tx
    .update(mpesaC2b)
    .set({ paymentId, appliedAt: new Date(), note: null })
    .where(and(eq(mpesaC2b.transId, normaliseReference(transId)), isNull(mpesaC2b.paymentId)));
}

// When a Till payment's M-Pesa code may pay the order of the shopper who typed it (decision record
// 024). A Till payment carries no account number, so the code alone would let anyone who saw it
// (on a receipt, over a shoulder, by guessing) claim someone else's money. It pays an order only
// if it came from the order's or the account's phone, covers the balance without being far more,
// and was made after the order was placed; otherwise it stays an unmatched payment for a person.
import { and, eq } from 'drizzle-orm';
import { formatKsh, MPESA_MESSAGES, tillCodeTooLittle, tillCodeTooMuch } from '@duka/domain';
import type { Tx } from '../../../db/client.ts';
import { payments, type mpesaC2b } from '../../schema.ts';
import { accountPhone } from '../../../auth/accounts.ts';
import * as repo from '../../repo.ts';
import { payerPhoneMatches } from '../payer-phone.ts';

/** How much more than the balance a Till payment may be (a shopper rounding up) and still pay it. */
export const TILL_TOLERANCE_CENTS = 100_00;
/** Safaricom's clock and ours may differ a little: a payment this much before the order still counts. */
const CLOCK_SKEW_MS = 60_000;

type Row = typeof mpesaC2b.$inferSelect;

export type Refusal =
  | { kind: 'not-the-payer' }
  | { kind: 'too-little'; amountCents: number; dueCents: number }
  | { kind: 'too-much'; amountCents: number; dueCents: number }
  | { kind: 'before-the-order' }
  | { kind: 'not-awaiting-payment' };

/** What the order still owes: its total less what its open Paybill/Till payment has received. */
async function balanceOf(tx: Tx, order: repo.OrderRow): Promise<number> {
  const [open] = await tx
    .select({ received: payments.receivedCents })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.method, 'mpesa_paybill'),
        eq(payments.status, 'created'),
      ),
    )
    .limit(1);
  return order.totalCents - (open?.received ?? 0);
}

/** Null when the money may pay the order; else why not. The order is locked by the caller or here. */
export async function claimRefusal(tx: Tx, row: Row, orderId: number): Promise<Refusal | null> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) return { kind: 'not-awaiting-payment' };
  const phones = [order.phone, await accountPhone(tx, order.userId)].filter(
    (p): p is string => !!p,
  );
  if (!payerPhoneMatches(row.msisdn, phones)) return { kind: 'not-the-payer' };
  const paidAt = row.paidAt ?? row.receivedAt;
  if (paidAt.getTime() < order.createdAt.getTime() - CLOCK_SKEW_MS) {
    return { kind: 'before-the-order' };
  }
  const dueCents = await balanceOf(tx, order);
  if (row.amountCents < dueCents)
    return { kind: 'too-little', amountCents: row.amountCents, dueCents };
  if (row.amountCents > dueCents + TILL_TOLERANCE_CENTS) {
    return { kind: 'too-much', amountCents: row.amountCents, dueCents };
  }
  return null;
}

/** What the shopper who typed the code is told (422). */
export function refusalMessage(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'not-the-payer':
      return MPESA_MESSAGES.codeOtherPhone;
    case 'before-the-order':
      return MPESA_MESSAGES.codeBeforeOrder;
    case 'too-little':
      return tillCodeTooLittle(refusal.amountCents, refusal.dueCents);
    case 'too-much':
      return tillCodeTooMuch(refusal.amountCents, refusal.dueCents);
    case 'not-awaiting-payment':
      return MPESA_MESSAGES.notPayable;
  }
}

/** What the admin reads on the unmatched payment. */
export function refusalNote(refusal: Refusal, orderId: number): string {
  const claimed = `M-Pesa code typed for order ${orderId}, not applied`;
  switch (refusal.kind) {
    case 'not-the-payer':
      return `${claimed}: paid from a phone that is not the order's or the account's`;
    case 'before-the-order':
      return `${claimed}: paid before the order was placed`;
    case 'too-little':
      return `${claimed}: ${formatKsh(refusal.amountCents)} is less than the ${formatKsh(refusal.dueCents)} due`;
    case 'too-much':
      return `${claimed}: ${formatKsh(refusal.amountCents)} is more than the ${formatKsh(refusal.dueCents)} due`;
    case 'not-awaiting-payment':
      return `${claimed}: the order is not awaiting payment`;
  }
}

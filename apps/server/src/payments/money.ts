// An order's money from its account (decision record 029): what came in and went back (the
// ledger), what the order costs now (its total, less goods credited; nothing once it is
// cancelled or given back), and the state that follows.
import { and, eq, sql } from 'drizzle-orm';
import { moneyState, type Money, type OrderStatus } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { orderLedger, refunds } from './schema.ts';

/** Orders that owe nothing any more: whatever they hold goes back. */
export const OWING_NOTHING: readonly OrderStatus[] = [
  'cancelled',
  'refund_due',
  'refunded',
  'returned_to_sender',
];

export async function orderMoney(
  db: Db | Tx,
  order: { id: number; status: OrderStatus; totalCents: number },
): Promise<Money> {
  const [ledger] = await db
    .select({
      paid: sql<number>`coalesce(sum(${orderLedger.amountCents}) filter (where ${orderLedger.kind} = 'received'), 0)::bigint`,
      refunded: sql<number>`coalesce(sum(${orderLedger.amountCents}) filter (where ${orderLedger.kind} = 'refunded'), 0)::bigint`,
    })
    .from(orderLedger)
    .where(eq(orderLedger.orderId, order.id));
  const [credit] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::bigint` })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, order.id),
        eq(refunds.kind, 'goods'),
        eq(refunds.status, 'confirmed'),
      ),
    );
  const due = OWING_NOTHING.includes(order.status)
    ? 0
    : Math.max(0, order.totalCents - Number(credit?.cents ?? 0));
  return moneyState({
    due,
    paid: Number(ledger?.paid ?? 0),
    refunded: Number(ledger?.refunded ?? 0),
  });
}

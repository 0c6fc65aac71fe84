// Everything the return rules read of one order, read together: its lines, its returns and what
// each is worth, when it was delivered, each product's return window and the variants it is sold
// in now. In the caller's transaction when it decides (with the order locked), so two requests
// for the last unit see each other's return.
import {
  formatNairobiDate,
  lastReturnDay,
  returnDays,
  withinReturnWindow,
  type OrderStatus,
} from '@duka/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  returnPoliciesOf,
  variantsOnSaleOf,
  type VariantOnSale,
} from '../../catalog/return-facts.ts';
import { readShopSettings } from '../../settings/repo.ts';
import * as orders from '../repo.ts';
import * as repo from './repo.ts';
import { returnValues, type ReturnValue } from './value.ts';

export interface OrderFacts {
  order: orders.OrderRow;
  items: orders.OrderItemRow[];
  returns: repo.ReturnRow[];
  lines: Map<number, repo.ReturnLineRow[]>;
  values: Map<number, ReturnValue>;
  deliveredAt: Date | null;
  /** Product id → the days its goods may be returned in after delivery (0: not at all). */
  days: Map<number, number>;
  variants: VariantOnSale[];
}

export async function factsOf(db: Db | Tx, order: orders.OrderRow): Promise<OrderFacts> {
  const items = (await orders.itemsOf(db, [order.id])).get(order.id) ?? [];
  const productIds = items.map((i) => i.productId);
  // One after the other: in a transaction, one connection runs one query at a time.
  const returns = await repo.returnsOf(db, [order.id]);
  const deliveredAt = await repo.deliveredAt(db, order.id);
  const policies = await returnPoliciesOf(db, productIds);
  const variants = await variantsOnSaleOf(db, productIds);
  const settings = await readShopSettings(db);
  const lines = await repo.linesOf(
    db,
    returns.map((r) => r.id),
  );
  const days = new Map(
    productIds.map((id) => [id, returnDays(policies.get(id), settings.return_window_days)]),
  );
  return {
    order,
    items,
    returns,
    lines,
    values: returnValues(order, items, returns, lines),
    deliveredAt,
    days,
    variants,
  };
}

/** Order item id → units being returned or returned already (refused returns count for none). */
export function unitsTaken(facts: OrderFacts): Map<number, number> {
  const taken = new Map<number, number>();
  for (const ret of facts.returns) {
    if (ret.status === 'refused') continue;
    for (const line of facts.lines.get(ret.id) ?? []) {
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
    }
  }
  return taken;
}

/** The last day an item may be returned, or null when it cannot be (no window, not delivered). */
export function lastDayOf(facts: OrderFacts, item: orders.OrderItemRow): Date | null {
  if (!facts.deliveredAt) return null;
  return lastReturnDay(facts.deliveredAt, facts.days.get(item.productId) ?? 0);
}

/** Why nothing of this order can be returned; null when its lines may be. */
export function orderRefusal(facts: OrderFacts): string | null {
  const { order } = facts;
  if (order.status !== 'delivered' || !facts.deliveredAt) {
    return `Only a delivered order can be returned; order #${order.id} is ${STATUS_WORDS[order.status]}.`;
  }
  if (!order.paidAt) return `Order #${order.id} is not paid, so there is nothing to return.`;
  return null;
}

/** Why this item cannot be returned today; null when it can. */
export function windowRefusal(
  facts: OrderFacts,
  item: orders.OrderItemRow,
  now: Date,
): string | null {
  const last = lastDayOf(facts, item);
  if (!last) return `“${item.title}” cannot be returned: its return policy allows no returns.`;
  if (!withinReturnWindow(last, now)) {
    return `The time to return “${item.title}” ended on ${formatNairobiDate(last)}.`;
  }
  return null;
}

/** An order's status as a sentence says it ('not delivered yet'). */
const STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: 'awaiting payment',
  confirmed: 'not delivered yet',
  paid: 'not delivered yet',
  processing: 'not delivered yet',
  shipped: 'on its way, not delivered yet',
  ready_for_pickup: 'waiting at its pickup point',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refund_due: 'cancelled',
  refunded: 'refunded',
  returned_to_sender: 'returned to us',
};

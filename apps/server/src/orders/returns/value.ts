// What each return of an order is worth (issue 34): its lines' share of what the sale invoice
// states for them, VAT included (@duka/domain return-value). The units of a line are valued in the
// order the returns were asked for, refused ones passed over, so that all the returns of a whole
// line add up to exactly what it cost, and a refund and its credit note agree to the cent. A line
// with a discount (issue 36) is worth what was paid for it, as its invoice states it: its discount
// spread over its units with the rest, so returning 1 of 3 and then 2 gives back the line as paid.
import { soldAmounts, unitsValue, type TaxType } from '@duka/domain';
import { deliveryDiscountOf } from '../discounts.ts';
import type { OrderItemRow, OrderRow } from '../repo.ts';
import type { ReturnLineRow, ReturnRow } from './repo.ts';

export interface ReturnValue {
  totalCents: number;
  /** Return line id → what its units are worth. */
  lines: Map<number, number>;
}

/** Each return's value, by return id, over all the returns of one order. */
export function returnValues(
  order: Pick<OrderRow, 'shippingCents' | 'vatCents' | 'pricesIncludeVat' | 'discountCents'>,
  items: readonly OrderItemRow[],
  returns: readonly ReturnRow[],
  linesOf: ReadonlyMap<number, readonly ReturnLineRow[]>,
): Map<number, ReturnValue> {
  const sold = soldAmounts({
    items: items.map((i) => ({
      id: i.id,
      unitPriceCents: i.unitPriceCents,
      quantity: i.quantity,
      taxType: i.taxType as TaxType,
      discountCents: i.discountCents,
    })),
    shippingCents: order.shippingCents,
    deliveryDiscountCents: deliveryDiscountOf(order, items),
    vatCents: order.vatCents,
    pricesIncludeVat: order.pricesIncludeVat,
  });
  const before = new Map<number, number>();
  const values = new Map<number, ReturnValue>();
  for (const ret of [...returns].sort((a, b) => a.id - b.id)) {
    const lines = new Map<number, number>();
    let totalCents = 0;
    for (const line of linesOf.get(ret.id) ?? []) {
      const soldLine = sold.lines.get(line.orderItemId);
      const done = before.get(line.orderItemId) ?? 0;
      const cents = soldLine ? unitsValue(soldLine, done, line.quantity) : 0;
      lines.set(line.id, cents);
      totalCents += cents;
      if (ret.status !== 'refused') before.set(line.orderItemId, done + line.quantity);
    }
    values.set(ret.id, { totalCents, lines });
  }
  return values;
}

// Paying later, same order (issue 34): checkout started again with the same cart pays the order
// already awaiting payment instead of replacing it with a second one, so a shopper who left the
// Paybill page, or whose push failed, keeps one order, its number and any part already paid.
import type { Tx } from '../db/client.ts';
import * as paymentsRepo from '../payments/repo.ts';
import * as repo from './repo.ts';
import { placementTotals, type OrderPlacement } from './service.ts';

const lineKey = (l: {
  productId: number;
  variantId: number | null;
  quantity: number;
  priceCents: number;
}) => `${l.productId}:${l.variantId}:${l.quantity}:${l.priceCents}`;

const sameKeys = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((key, i) => key === [...b].sort()[i]);

/**
 * The shopper's order awaiting payment that is exactly what `placement` would make: the same
 * lines (product, variant, quantity, price), the same total (delivery, VAT), going to the same
 * place for the same buyer. Locks the shopper's open orders; an order whose payment is being
 * captured right now is left alone, as placeOrder leaves it.
 */
export async function openOrderLike(
  tx: Tx,
  placement: OrderPlacement,
): Promise<repo.OrderRow | undefined> {
  const ids = await repo.lockOpenOrderIds(tx, placement.userId);
  if (ids.length === 0) return undefined;
  const items = await repo.itemsOf(tx, ids);
  const wanted = placement.lines.map((l) => lineKey({ ...l, priceCents: l.salePriceCents }));
  // With its discounts: the same lines with another promotion are another order.
  const { totalCents, discountTotalCents } = placementTotals(placement);
  // Newest first: the one the shopper was paying last.
  for (const id of [...ids].reverse()) {
    const order = (await repo.lockOrder(tx, id))!;
    const held = (items.get(id) ?? []).map((i) => lineKey({ ...i, priceCents: i.unitPriceCents }));
    if (!sameKeys(held, wanted) || order.totalCents !== totalCents) continue;
    if (order.discountCents !== discountTotalCents) continue;
    if (!sameDestination(order, placement)) continue;
    if ((await paymentsRepo.capturingPayments(tx, id)).length > 0) continue;
    return order;
  }
  return undefined;
}

function sameDestination(order: repo.OrderRow, placement: OrderPlacement): boolean {
  const { address, delivery, buyer } = placement;
  return (
    order.shippingName === address.shippingName &&
    order.streetAddress === address.streetAddress &&
    (order.apartmentNumber ?? null) === (address.apartmentNumber ?? null) &&
    order.city === address.city &&
    order.zipCode === address.zipCode &&
    order.email === address.email &&
    order.delivery === delivery.kind &&
    (order.pickupPointId ?? null) === (delivery.pickupPoint?.id ?? null) &&
    (order.countyCode ?? null) === delivery.countyCode &&
    (order.phone ?? null) === delivery.phone &&
    (order.buyerPin ?? null) === (buyer?.pin ?? null) &&
    (order.buyerName ?? null) === (buyer?.name ?? null) &&
    order.pricesIncludeVat === placement.pricesIncludeVat
  );
}

// What returned goods are worth (issue 34): each line's share of what was paid as the sale invoice
// states it (invoiceFigures: VAT-inclusive, with its share of the order's VAT, delivery a line of
// its own), so that a refund of returned lines and its credit note agree to the cent. Units are
// valued on the running count of a line's units given back, so the returns of a whole line add up
// to exactly its amount, however they were split. A discounted line (issue 36) is worth what was paid
// for it: the invoice states it after its discount, with the VAT on what was paid; a discount on
// delivery stays with delivery.
import { checkoutTotals } from '../pricing/checkout-totals.ts';
import { DELIVERY_LINE_KEY, invoiceFigures } from '../tax/invoice-figures.ts';
import type { TaxType } from '../tax/tax-types.ts';

export interface SoldOrder {
  items: readonly {
    id: number;
    unitPriceCents: number;
    quantity: number;
    taxType: TaxType;
    /** What promotions took off the whole line, as the order keeps it. */
    discountCents?: number;
  }[];
  /** The delivery fee, before its discount. */
  shippingCents: number;
  /** What promotions took off delivery. */
  deliveryDiscountCents?: number;
  vatCents: number;
  pricesIncludeVat: boolean;
}

export interface SoldAmounts {
  /** Per order item id: what its line cost, VAT included, after its discount. */
  lines: Map<number, { amountCents: number; quantity: number }>;
  /** What delivery cost, VAT included, after its discount. */
  deliveryCents: number;
}

/** Each line's amount as the sale invoice has it (the same lines, in the same order). */
export function soldAmounts(order: SoldOrder): SoldAmounts {
  const figures = invoiceFigures({
    lines: order.items.map((i) => ({
      key: String(i.id),
      name: '',
      unitPriceCents: i.unitPriceCents,
      quantity: i.quantity,
      taxType: i.taxType,
      discountCents: i.discountCents ?? 0,
    })),
    deliveryCents: order.shippingCents,
    deliveryDiscountCents: order.deliveryDiscountCents ?? 0,
    pricesIncludeVat: order.pricesIncludeVat,
    vatCents: order.vatCents,
  });
  const lines = new Map<number, { amountCents: number; quantity: number }>();
  let deliveryCents = 0;
  for (const line of figures.lines) {
    if (line.key === DELIVERY_LINE_KEY) deliveryCents = line.amountCents;
    else lines.set(Number(line.key), { amountCents: line.amountCents, quantity: line.quantity });
  }
  return { lines, deliveryCents };
}

/** `amount × units / quantity`, rounded half up, in whole cents. */
function shareOf(amountCents: number, quantity: number, units: number): number {
  if (quantity <= 0) return 0;
  const exact = 2n * BigInt(amountCents) * BigInt(units) + BigInt(quantity);
  return Number(exact / (2n * BigInt(quantity)));
}

/**
 * What `units` more units of a line are worth when `before` of its units were given back already:
 * its amount up to `before + units` less its amount up to `before`.
 */
export function unitsValue(
  line: { amountCents: number; quantity: number },
  before: number,
  units: number,
): number {
  const upTo = (n: number) => shareOf(line.amountCents, line.quantity, Math.min(n, line.quantity));
  return upTo(before + units) - upTo(before);
}

/**
 * What goes back when an exchanged item is cheaper than the one returned: the returned units'
 * value in the proportion of the price difference to the price paid (so never more than they
 * were worth).
 */
export function cheaperExchangeRefund(
  returnedValueCents: number,
  paidUnitCents: number,
  newUnitCents: number,
): number {
  if (newUnitCents >= paidUnitCents || paidUnitCents <= 0) return 0;
  return shareOf(returnedValueCents, paidUnitCents, paidUnitCents - newUnitCents);
}

/** What an exchange for another variant costs, both prices being shelf prices now. */
export interface ExchangeTerms {
  /** Per unit, what the shopper pays over (the replacement order's line price); 0 or more. */
  unitExtraCents: number;
  /** The replacement order's total: the extra, VAT added as the order was charged; 0 or more. */
  extraCents: number;
  /** What goes back when the new variant is cheaper; 0 or more. */
  refundCents: number;
  /** extraCents, or −refundCents: above 0 the shopper pays, below 0 the shop refunds, 0 neither. */
  difference: number;
}

/**
 * The price difference of an exchange, either way: the same price costs nothing; a dearer variant
 * is charged the difference (with VAT as the order was: on top, or included); a cheaper one
 * refunds the returned units' value in proportion (cheaperExchangeRefund).
 */
export function exchangeTerms(ask: {
  returnedValueCents: number;
  /** The returned variant's price (now, or as paid when it is gone). */
  oldUnitCents: number;
  newUnitCents: number;
  units: number;
  taxType: TaxType;
  pricesIncludeVat: boolean;
}): ExchangeTerms {
  const unitExtraCents = Math.max(0, ask.newUnitCents - ask.oldUnitCents);
  const extraCents =
    unitExtraCents > 0
      ? checkoutTotals(
          [{ unitPriceCents: unitExtraCents, quantity: ask.units, taxType: ask.taxType }],
          0,
          { pricesIncludeVat: ask.pricesIncludeVat },
        ).totalCents
      : 0;
  const refundCents = cheaperExchangeRefund(
    ask.returnedValueCents,
    ask.oldUnitCents,
    ask.newUnitCents,
  );
  return {
    unitExtraCents,
    extraCents,
    refundCents,
    difference: extraCents > 0 ? extraCents : refundCents > 0 ? -refundCents : 0,
  };
}

import { displayPriceCents, percentToBasisPoints } from './money.ts';

/** A cart or order line as the screens hold it; any of the three may be missing. */
export interface PricedLine {
  price?: number | null; // cents
  discount_percentage?: number | null; // percent, e.g. 12.5
  quantity?: number | null;
}

function isComplete(
  line: PricedLine,
): line is { price: number; discount_percentage: number; quantity: number } {
  return (
    typeof line.price === 'number' &&
    typeof line.discount_percentage === 'number' &&
    typeof line.quantity === 'number'
  );
}

/** Display price × quantity for one line, in cents; null when the line is incomplete. */
export function lineTotalCents(line: PricedLine): number | null {
  if (!isComplete(line)) return null;
  return (
    displayPriceCents(line.price, percentToBasisPoints(line.discount_percentage)) * line.quantity
  );
}

/** SPEC §5: the cart total ignores lines lacking price, discount_percentage or quantity. */
export function cartTotalCents(lines: readonly PricedLine[]): number {
  let total = 0;
  for (const line of lines) total += lineTotalCents(line) ?? 0;
  return total;
}

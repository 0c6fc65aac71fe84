// A flash sale as cards and the product page show it (issue 36): the server says the sale price
// and its end (`sale_price`, `sale_ends_at`); what it was is the price shown without it.
import { formatNairobiDateTime } from '@duka/domain/common/nairobi-time';
import { displayPriceCents, percentToBasisPoints } from '@duka/domain/pricing/money';

export interface Priced {
  price: number;
  discountPercentage: number;
  sale_price?: number | undefined;
  sale_ends_at?: string | undefined;
}

/** The price shown without a flash sale: the display price of SPEC §9. */
export const shelfPriceCents = (p: Priced) =>
  displayPriceCents(p.price, percentToBasisPoints(p.discountPercentage));

/** The sale on now, if it lowers the price: its price, what it was and when it ends. */
export function flashSaleOf(
  p: Priced,
): { priceCents: number; wasCents: number; endsAt?: string } | null {
  const wasCents = shelfPriceCents(p);
  if (p.sale_price === undefined || p.sale_price >= wasCents) return null;
  return p.sale_ends_at === undefined
    ? { priceCents: p.sale_price, wasCents }
    : { priceCents: p.sale_price, wasCents, endsAt: p.sale_ends_at };
}

/**
 * 'Ends 30 Nov, 23:59' on Nairobi's clock, the same text on the server and in any browser;
 * null when the time cannot be read.
 */
export function saleEndsText(iso: string): string | null {
  const text = formatNairobiDateTime(iso); // '30 Nov 2026, 23:59'
  if (text === 'Invalid Date') return null;
  const [date, time] = text.split(', ');
  return `Ends ${date!.replace(/ \d{4}$/, '')}, ${time}`;
}

/** The whole percent a sale takes off what it was: what the card's corner says. */
export const salePercentOff = (sale: { priceCents: number; wasCents: number }) =>
  ((sale.wasCents - sale.priceCents) * 100) / sale.wasCents;

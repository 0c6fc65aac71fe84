// How the shopper's screens name a promotion the server applied (issue 36): the cart, checkout and
// the orders all list discounts the same way, with amounts the server computed.
import { formatKsh } from '@duka/domain/pricing/money';

/** 'Weekend deal (SAVE10)': by name, with the coupon code when one was typed. */
export function discountLabel(discount: { name: string; code: string | null }): string {
  return discount.code ? `${discount.name} (${discount.code})` : discount.name;
}

/** '−Ksh 500': what a discount takes off, with a true minus sign. */
export function minusKsh(cents: number): string {
  return `−${formatKsh(cents)}`;
}

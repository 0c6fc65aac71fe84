// One cart line holds at most a set number of units (the server's MAX_UNITS_PER_LINE), so that a
// single shopper cannot reserve a shelf's whole stock in one order. Free of zod: the web app's
// quantity stepper uses it too.

export const QUANTITY_CAP_CODE = 'QUANTITY_CAP';

export function quantityCapMessage(cap: number): string {
  return `You can buy at most ${cap} of this item per order.`;
}

/** The most units a line may hold now: the stock, and never more than the cap. */
export function maxQuantity(stock: number, cap: number): number {
  return Math.max(0, Math.min(stock, cap));
}

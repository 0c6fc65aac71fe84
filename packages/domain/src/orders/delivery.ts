// SPEC §2.15 and §9: orders are processed in 1–2 business days and delivered in 3–5 more.
// Days are Nairobi days: an order paid at 01:00 on a Saturday in Nairobi (22:00 on Friday in UTC)
// was paid on a Saturday.
import { nairobiDate } from '../common/nairobi-time.ts';

export const PROCESSING_DAYS = { min: 1, max: 2 } as const;
export const DELIVERY_DAYS = { min: 3, max: 5 } as const;

/** The date `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date;
}

/**
 * When an order paid at `paidAt` should arrive: a window of Nairobi dates (ISO, yyyy-mm-dd),
 * 1–2 business days to process and then the county's delivery days (3–5 by default) after the Nairobi day it was paid on. At
 * checkout, before paying, `paidAt` is now.
 */
export function expectedDelivery(
  paidAt: Date,
  /** Working days to deliver once processed: the county's (issue 22), the delivery page's without. */
  deliveryDays: { min: number; max: number } = DELIVERY_DAYS,
): { from: string; to: string } {
  const day = new Date(`${nairobiDate(paidAt)}T00:00:00Z`);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: iso(addBusinessDays(day, PROCESSING_DAYS.min + deliveryDays.min)),
    to: iso(addBusinessDays(day, PROCESSING_DAYS.max + deliveryDays.max)),
  };
}

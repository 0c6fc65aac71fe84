// SPEC §2.15 and §9: orders are processed in 1–2 business days and delivered in 3–5 more.
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

/** When a paid order should arrive: a window of dates (ISO, yyyy-mm-dd). */
export function expectedDelivery(paidAt: Date): { from: string; to: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: iso(addBusinessDays(paidAt, PROCESSING_DAYS.min + DELIVERY_DAYS.min)),
    to: iso(addBusinessDays(paidAt, PROCESSING_DAYS.max + DELIVERY_DAYS.max)),
  };
}

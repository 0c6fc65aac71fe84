// How long after delivery a line may be returned (issue 34): the time its product's own return
// policy names ('14 days return policy', '1 month return policy'), none where the policy says there
// is none ('No return policy'), else the shop's window (Settings: return_window_days; 0: none).
// Counted in Nairobi days: a line delivered on 1 Dec with 14 days may be returned until the end of
// 15 Dec.
import { DAY_MS, nairobiDate, nairobiDayStart } from '../common/nairobi-time.ts';

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/** The days a policy text names; 0 for 'no returns'; null when it names no time. */
export function policyDays(policy: string | null | undefined): number | null {
  const text = (policy ?? '').toLowerCase();
  const time = /(\d{1,4})\s*-?\s*(day|week|month|year)s?\b/.exec(text);
  if (time) return Number(time[1]) * UNIT_DAYS[time[2]!]!;
  if (/\bno returns?\b|\bnon-?returnable\b|\bnot returnable\b/.test(text)) return 0;
  return null;
}

/** The days a product may be returned in: its own policy's, else the shop's. */
export function returnDays(policy: string | null | undefined, shopDays: number): number {
  return policyDays(policy) ?? shopDays;
}

/** The last Nairobi day of the window (its first instant); null when it cannot be returned. */
export function lastReturnDay(deliveredAt: Date, days: number): Date | null {
  if (days <= 0) return null;
  return new Date(nairobiDayStart(nairobiDate(deliveredAt)).getTime() + days * DAY_MS);
}

/** Whether `now` is still within a window whose last day is `lastDay`. */
export function withinReturnWindow(lastDay: Date | null, now: Date): boolean {
  return lastDay !== null && now.getTime() < lastDay.getTime() + DAY_MS;
}

// Duka counts days and months in Nairobi time. Kenya keeps UTC+3 all year (no daylight saving),
// so a fixed offset is exact and needs no time-zone database, on the server or in a browser.
export const NAIROBI_OFFSET_MS = 3 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The dashboard's sales chart covers this many Nairobi days, today included. */
export const SALES_DAYS = 30;

/** The first instant of a Nairobi day given as 'YYYY-MM-DD'. */
export function nairobiDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** The first instant of the Nairobi day `daysBack` days before the one containing `now`. */
export function nairobiDayStartBefore(now: Date, daysBack: number): Date {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack) -
      NAIROBI_OFFSET_MS,
  );
}

/** The first instant of the Nairobi month `monthsBack` months before the one containing `now`. */
export function nairobiMonthStart(now: Date, monthsBack: number): Date {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - NAIROBI_OFFSET_MS,
  );
}

/** The Nairobi date of an instant as YYYY-MM-DD. */
export function nairobiDate(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** YYYYMMDDHHmmss on Nairobi's clock, as Daraja and KRA's eTIMS write times. */
export function nairobiTimestamp(now: Date = new Date()): string {
  // The ISO string of the shifted instant reads as Nairobi's clock.
  const iso = new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString();
  return iso.slice(0, 19).replace(/[-T:]/g, '');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant given as a Date or an ISO string; null when it is missing or unreadable. */
function instantOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '27 Nov 2026': the Nairobi date as people in Kenya write it, or 'Invalid Date'. Put together by
 * hand, not by Intl, so the server and every browser write exactly the same text (ICU versions
 * differ: 'Sep' or 'Sept'), and a server-rendered date never differs from the hydrated one.
 */
export function formatNairobiDate(value: string | Date | null | undefined): string {
  const instant = instantOf(value);
  if (!instant) return 'Invalid Date';
  const local = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** '27 Nov 2026, 14:05' on Nairobi's clock (24-hour), or 'Invalid Date'. */
export function formatNairobiDateTime(value: string | Date | null | undefined): string {
  const instant = instantOf(value);
  if (!instant) return 'Invalid Date';
  const local = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatNairobiDate(instant)}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

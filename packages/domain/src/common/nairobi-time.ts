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

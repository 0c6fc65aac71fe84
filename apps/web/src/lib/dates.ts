// The back office works in Nairobi time (UTC+3 all year, no daylight saving), wherever the
// admin's browser happens to be, and writes dates as Kenya does: 27 Nov 2026 (issue 33).
import { DAY_MS, nairobiDate } from '@duka/domain/common/nairobi-time';

/**
 * The one way every screen writes a date ('27 Nov 2026') or a moment ('27 Nov 2026, 14:05'), in
 * Nairobi time; 'Invalid Date' when there is none. The same text on the server and in the browser.
 */
export { formatNairobiDate, formatNairobiDateTime } from '@duka/domain/common/nairobi-time';

/** Today's date in Nairobi as YYYY-MM-DD (the value of a date input). */
export function todayInNairobi(now = new Date()): string {
  return nairobiDate(now);
}

/** The `count` Nairobi days up to and including today, oldest first, as YYYY-MM-DD. */
export function lastDaysInNairobi(count: number, now = new Date()): string[] {
  const today = Date.parse(`${todayInNairobi(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

// Made when first needed, not as the module loads: a page that shows no day range starts no ICU.
let dayParts: Intl.DateTimeFormat | undefined;

/** 'Fri 27 Nov' or 'Fri 27 Nov 2026', put together from parts (ICU versions differ in commas). */
function formatDay(date: Date, withYear: boolean): string {
  const formatter = (dayParts ??= new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  const text = `${part('weekday')} ${part('day')} ${part('month')}`;
  return withYear ? `${text} ${part('year')}` : text;
}

/**
 * A window of calendar days given as YYYY-MM-DD (a delivery window, in Nairobi dates): 'Fri 27 Nov
 * – Wed 2 Dec 2026'. Written as the dates they are, whatever the browser's time zone.
 */
export function formatDayRange(from: string, to: string): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'Invalid Date';
  if (from === to) return formatDay(end, true);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${formatDay(start, !sameYear)} – ${formatDay(end, true)}`;
}

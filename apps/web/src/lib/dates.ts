// The back office works in Nairobi time (UTC+3 all year, no daylight saving), wherever the
// admin's browser happens to be.
import { DAY_MS, nairobiDate } from '@duka/domain/common/nairobi-time';

const usDate = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
});

/** SPEC §2.14: MM/DD/YYYY, or 'Invalid Date' when there is none. */
export function formatUsDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Invalid Date';
  return usDate.format(date);
}

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

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

/** '22 Nov 2026, 14:05' in Nairobi time. */
export function formatNairobiDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : dateTime.format(date);
}

const dayParts = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Fri 27 Nov' or 'Fri 27 Nov 2026', put together from parts (ICU versions differ in commas). */
function formatDay(date: Date, withYear: boolean): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
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

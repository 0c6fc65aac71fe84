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

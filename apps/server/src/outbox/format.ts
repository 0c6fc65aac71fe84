// How messages write times: in Nairobi time, which is what a shopper in Kenya reads.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const date = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '23 November 2026 at 14:05 (Nairobi time)'. */
export function nairobiDateTime(instant: Date): string {
  return `${dateTime.format(instant).replace(', ', ' at ')} (Nairobi time)`;
}

/** 'Monday 30 November 2026' for a 'YYYY-MM-DD' Nairobi day. */
export function nairobiDay(day: string): string {
  return date.format(new Date(`${day}T12:00:00+03:00`)).replace(',', '');
}

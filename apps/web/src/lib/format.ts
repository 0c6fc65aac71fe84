import { formatNairobiDate } from '@duka/domain/common/nairobi-time';

/**
 * A date as people in Kenya write it: 22 Nov 2026, the Nairobi day. Not the browser's own time
 * zone: a page rendered on the server must read the same once hydrated (React error #418).
 */
export function formatDate(iso: string | Date): string {
  return formatNairobiDate(iso);
}

/** '0712 345 678' for 254712345678 (how the shop keeps it); anything else as it is. */
export function formatKenyanPhone(phone: string): string {
  const m = /^254(\d{3})(\d{3})(\d{3})$/.exec(phone.replace(/\s+/g, ''));
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : phone;
}

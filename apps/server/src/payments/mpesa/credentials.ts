// The two values every STK request carries: Timestamp (YYYYMMDDHHmmss in Nairobi time) and
// Password = base64(shortcode + passkey + timestamp), built from the same timestamp.
import { NAIROBI_OFFSET_MS } from '@duka/domain';

export function nairobiTimestamp(now: Date = new Date()): string {
  // Kenya keeps UTC+3 all year; the ISO string of the shifted instant reads as Nairobi's clock.
  const iso = new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString();
  return iso.slice(0, 19).replace(/[-T:]/g, '');
}

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

// The two values every STK request carries: Timestamp (YYYYMMDDHHmmss in Nairobi time) and
// Password = base64(shortcode + passkey + timestamp), built from the same timestamp.
export { nairobiTimestamp } from '@duka/domain';

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

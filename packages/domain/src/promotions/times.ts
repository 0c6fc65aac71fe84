// Promotions start and end at instants; the back office enters them on Nairobi's clock (a
// datetime-local field gives '2026-11-27T14:05'). Kenya keeps UTC+3 all year, so the fixed offset
// of common/nairobi-time.ts is exact.
import { NAIROBI_OFFSET_MS } from '../common/nairobi-time.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** '2026-11-27T14:05' (seconds optional) read on Nairobi's clock; null when it is no real time. */
export function nairobiLocalToInstant(local: string): Date | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(utc);
  // Date.UTC rolls 30 February over into March: a time that does not read back is not real.
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return new Date(utc - NAIROBI_OFFSET_MS);
}

/** An instant as a datetime-local field shows it on Nairobi's clock: '2026-11-27T14:05'. */
export function instantToNairobiLocal(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16);
}

/** The same instant as the API takes it: ISO 8601 with Nairobi's offset, '…T14:05:00+03:00'. */
export function nairobiIso(instant: Date): string {
  const local = new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 19);
  return `${local}+03:00`;
}

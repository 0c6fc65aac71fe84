// What every body Daraja posts shares (the STK callback, Paybill/Till confirmations, B2C results):
// JSON read from text without throwing, and its dates (Nairobi time, YYYYMMDDHHmmss).
import { findInvalidText } from '@duka/domain/common/text';

/**
 * A body Daraja POSTed, as JSON, or why it is not one. Control characters and broken Unicode are
 * nothing Daraja sends; they must not reach a query.
 */
export function readDarajaJson(
  raw: string | undefined,
): { ok: true; json: unknown } | { ok: false; reason: string } {
  if (raw === undefined || raw.trim() === '') return { ok: false, reason: 'empty body' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const invalid = findInvalidText(json);
  if (invalid) {
    return { ok: false, reason: `${invalid.path.join('.') || 'body'}: ${invalid.message}` };
  }
  return { ok: true, json };
}

/** 20191219102115 (Nairobi time) → the instant; null when it is not such a number. */
export function parseTransactionDate(value: string | number | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(value ?? ''));
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const instant = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+03:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

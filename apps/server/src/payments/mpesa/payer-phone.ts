// Whether the MSISDN of a Paybill/Till confirmation is one of a shopper's phones. Safaricom sends
// it in full (254712345678), masked (2547******126, 254712***678) or hashed (SHA-256 of the full
// number, hex): a masked form matches a number that agrees with every digit it shows (before and
// after its stars), a hashed one only the number whose hash it is. A mask showing fewer than four
// of the subscriber's digits cannot tell enough numbers apart and matches none (decision record
// 024).
import { createHash } from 'node:crypto';
import { normaliseKenyanMobile } from '@duka/domain';

/** Digits after the country code a mask must show to be taken as naming a number. */
const MIN_VISIBLE_DIGITS = 4;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A mask such as 2547******126: what it shows before and after its one run of stars. */
function maskMatches(mask: string, phone: string): boolean {
  if (mask.length === phone.length) {
    return [...mask].every((ch, i) => ch === '*' || ch === phone[i]);
  }
  const run = /^(\d+)\*+(\d+)$/.exec(mask);
  if (!run) return false;
  const [, before, after] = run as unknown as [string, string, string];
  return (
    before.length + after.length < phone.length && phone.startsWith(before) && phone.endsWith(after)
  );
}

export function payerPhoneMatches(msisdn: string | null, phones: readonly string[]): boolean {
  if (!msisdn) return false;
  const sent = msisdn.trim();
  const candidates = phones.flatMap((p) => {
    const n = normaliseKenyanMobile(p);
    return n ? [n] : [];
  });
  if (/^[0-9a-f]{64}$/i.test(sent)) {
    const hash = sent.toLowerCase();
    return candidates.some((c) => sha256(c) === hash);
  }
  const full = normaliseKenyanMobile(sent);
  if (full) return candidates.includes(full);
  if (!/^254[0-9*]+$/.test(sent) || !sent.includes('*')) return false;
  if (sent.slice(3).replace(/\*/g, '').length < MIN_VISIBLE_DIGITS) return false;
  return candidates.some((c) => maskMatches(sent, c));
}

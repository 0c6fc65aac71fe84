// Sentences the shop's pages build from its settings, the same on the server and in the browser.
import { NAIROBI_OFFSET_MS } from '../common/nairobi-time.ts';
import { normaliseKenyanMobile } from '../payments/phone.ts';

/** The year of the specification's copyright line: the shop's first. */
export const FIRST_YEAR = 2024;

/** The year it is in Nairobi at `now`. */
export const nairobiYear = (now: Date): number =>
  new Date(now.getTime() + NAIROBI_OFFSET_MS).getUTCFullYear();

/** '© 2024–2026 Duka. All rights reserved.' (just '© 2024 …' in the first year). */
export function copyrightLine(shopName: string, year: number): string {
  const years = year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : String(FIRST_YEAR);
  return `© ${years} ${shopName}. All rights reserved.`;
}

/** A product's return policy when the merchant wrote none: the shop's return window. */
export function returnPolicyText(days: number): string {
  if (days <= 0) return 'No returns';
  return `${days} ${days === 1 ? 'day' : 'days'} return policy`;
}

/** '30 days', '1 day'. */
export const daysText = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

/** A `tel:` address for a Kenyan number however it was typed ('+254 700 123 456'). */
export function telHref(phone: string): string {
  const international = normaliseKenyanMobile(phone);
  return `tel:+${international ?? phone.replace(/[^\d]/g, '')}`;
}

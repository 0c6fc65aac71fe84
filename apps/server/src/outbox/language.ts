// What every message to a shopper needs in each of the shop's languages (issue 37): the texts of
// a message kind are kept as `{ en, sw }` (InEach: a language left out does not compile), links
// lead to that language's pages (/sw/… for Kiswahili), and dates are written as each reads them.
// English stays word for word what it was; staff messages are English only.
import { formatNairobiDate, formatNairobiDateTime } from '@duka/domain/common/nairobi-time';
import { isLocale, localePrefix, type Locale } from '@duka/domain/i18n/locale';
import { nairobiDateTime, nairobiDay } from './format.ts';
import { PUBLIC_URL } from './service.ts';

export type { Locale };

/** One thing in each language; leaving a language out is a compile error. */
export type InEach<T> = { readonly [L in Locale]: T };

/** A stored language ('en' | 'sw'); anything else (never expected) reads as English. */
export const languageOfRow = (value: string | null | undefined): Locale =>
  isLocale(value) ? value : 'en';

/** A page of the shop in the message's language: '/sw/userprofile/orders/12' in Kiswahili. */
export const shopLink = (language: Locale, path: string): string =>
  `${PUBLIC_URL}${localePrefix(language)}${path}`;

const SW_WEEKDAYS = [
  'Jumapili',
  'Jumatatu',
  'Jumanne',
  'Jumatano',
  'Alhamisi',
  'Ijumaa',
  'Jumamosi',
];

/** A moment: '23 November 2026 at 14:05 (Nairobi time)'; in Kiswahili '23 Nov 2026, 14:05'. */
export const momentIn = (language: Locale, instant: Date): string =>
  language === 'sw' ? formatNairobiDateTime(instant) : nairobiDateTime(instant);

/** A 'YYYY-MM-DD' Nairobi day: 'Monday 30 November 2026'; in Kiswahili 'Jumatatu 30 Nov 2026'. */
export function dayIn(language: Locale, day: string): string {
  if (language === 'en') return nairobiDay(day);
  const noon = new Date(`${day}T12:00:00+03:00`);
  return `${SW_WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${formatNairobiDate(noon)}`;
}

/** The words every shopper's message shares. */
export const COMMON: InEach<{
  greeting: (name: string) => string;
  yourOrders: string;
  viewOrders: string;
  yourOrder: string;
  viewOrder: string;
}> = {
  en: {
    greeting: (name) => `Habari ${name},`,
    yourOrders: 'Your orders',
    viewOrders: 'View your orders',
    yourOrder: 'Your order',
    viewOrder: 'View your order',
  },
  sw: {
    greeting: (name) => `Habari ${name},`,
    yourOrders: 'Oda zako',
    viewOrders: 'Angalia oda zako',
    yourOrder: 'Oda yako',
    viewOrder: 'Angalia oda yako',
  },
};

/** How the ways of paying read in Kiswahili; M-Pesa, PayPal and the like keep their names. */
const PAYMENT_WORDS_SW: Record<string, string> = {
  'Pay on delivery': 'Lipa ukipokea',
  'Exchange (no charge)': 'Kubadilishana (bila malipo)',
};

/** An order's way of paying (as stored, in English) in the message's language. */
export const paymentIn = (language: Locale, method: string): string =>
  language === 'sw' ? (PAYMENT_WORDS_SW[method] ?? method) : method;

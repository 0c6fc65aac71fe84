// The shop's two languages (issue 37). English is the default and lives at the plain addresses;
// the Kiswahili shop is the same pages under /sw (/sw/products/42). The back office stays English.

export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a language picked with the switch (never guessed from the browser). */
export const LOCALE_COOKIE = 'duka_lang';

/** The address prefix of a language's shop: '' for English, '/sw' for Kiswahili. */
export const localePrefix = (locale: Locale): string => (locale === 'en' ? '' : `/${locale}`);

/** BCP 47 tags for <html lang>, hreflang and Intl: Kenya's forms of each language. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en-KE', sw: 'sw-KE' };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language of an address: '/sw' and '/sw/…' are Kiswahili, anything else English. */
export function localeOfPath(pathname: string): Locale {
  return /^\/sw(\/|$)/.test(pathname) ? 'sw' : 'en';
}

/** The address without its language prefix ('/sw/cart' → '/cart', '/sw' → '/'). */
export function pathWithoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname;
  return pathname.slice(3) || '/';
}

/** The same page in another language ('/cart', 'sw' → '/sw/cart'; '/sw', 'en' → '/'). */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = pathWithoutLocale(pathname);
  if (locale === 'en') return bare;
  return bare === '/' ? localePrefix(locale) : `${localePrefix(locale)}${bare}`;
}

/**
 * The language an API request asks for: the first tag of Accept-Language ('sw', 'sw-KE' → 'sw').
 * The web app sends the shop's language with every call; anything else is English.
 */
export function localeOfAcceptLanguage(header: string | undefined | null): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'sw' || first.startsWith('sw-') ? 'sw' : 'en';
}

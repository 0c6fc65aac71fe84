// Messages in the shopper's language (issue 37). Each area of the shop has its catalogue, a JSON
// file per language compiled at build time by Lingui's Vite plugin; `catalogue()` loads one into
// the two languages' message tables and gives the area its `useText()`. English is the source:
// its file holds the words the specification gives, and Kiswahili falls back to it, so a missing
// translation shows English (the catalogue-coverage test fails on it first).
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLocale } from './locale-context.tsx';
import type { Locale } from '@duka/domain/i18n/locale';

/** One table per language, filled by the catalogues as their pages load; never switched. */
const tables: Record<Locale, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: {} } }),
  sw: setupI18n({ locale: 'sw', messages: { sw: {} } }),
};

export type Values = Record<string, string | number>;
export type Translate<Key extends string> = (id: Key, values?: Values) => string;

/** A message in a language, from the tables (for code outside React: e-mail links, titles). */
export function translate(locale: Locale, id: string, values?: Values): string {
  return tables[locale]._(id, values);
}

/** A sentence from a catalogue keyed by English text; one it does not hold is shown as it came. */
export function translateKnown(locale: Locale, english: string): string {
  const table = tables[locale];
  return english in table.messages ? table._(english) : english;
}

/**
 * Loads an area's compiled catalogues; its `useText()` translates the area's keys, typed from the
 * English file, so a key that does not exist is a compile error.
 */
export function catalogue<Source extends Record<string, string>>(messages: {
  en: Messages;
  sw: Messages;
}) {
  tables.en.load('en', messages.en);
  tables.sw.load('sw', messages.sw);
  type Key = Extract<keyof Source, string>;
  const textIn =
    (locale: Locale): Translate<Key> =>
    (id, values) =>
      tables[locale]._(id, values);
  return {
    /** The area's messages in the page's language. */
    useText: (): Translate<Key> => textIn(useLocale()),
    /** The same, for a language known outside React. */
    textIn,
  };
}

// Messages in the shopper's language (issue 37). Each area of the shop has its catalogue, a JSON
// file per language compiled at build time by Lingui's Vite plugin; `catalogue()` loads one into
// the two languages' message tables and gives the area its `useText()`.
//
// English comes with the area's code (its words were in the code before); Kiswahili is fetched
// only by a Kiswahili page: `loadCatalogues('sw')` runs before the first render (main.tsx), after
// each page's code loads (lazy-page.ts), and once on the server. An English page carries no
// Kiswahili, and a Kiswahili message not (yet) there shows the English one, never a key.
import { useLocale } from './locale-context.tsx';
import { formatMessage, type CompiledMessage, type CompiledMessages } from './compiled-message.ts';
import type { Locale } from '@duka/domain/i18n/locale';

/** One table per language, filled by the catalogues as their pages load. */
const tables: Record<Locale, Map<string, CompiledMessage>> = { en: new Map(), sw: new Map() };
const load = (locale: Locale, messages: CompiledMessages) => {
  for (const [id, message] of Object.entries(messages)) tables[locale].set(id, message);
};

type Compiled = { messages: CompiledMessages };
type Translation = CompiledMessages | (() => Promise<Compiled>);

/** Kiswahili catalogues whose areas have loaded but whose messages have not been fetched. */
const pending = new Set<() => Promise<Compiled>>();

/** Fetches every Kiswahili catalogue of the code loaded so far (English needs nothing). */
export async function loadCatalogues(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  const loaders = [...pending];
  pending.clear();
  const loaded = await Promise.all(loaders.map((load) => load()));
  for (const { messages } of loaded) load(locale, messages);
}

/** The language of the page in this browser (one per page load; the server renders both). */
let pageLocale: Locale = 'en';
export function setPageLocale(locale: Locale): void {
  pageLocale = locale;
}
/** The page's catalogues for code just loaded (a page's chunk on its way). */
export const loadPageCatalogues = (): Promise<void> => loadCatalogues(pageLocale);

export type Values = Record<string, string | number>;
export type Translate<Key extends string> = (id: Key, values?: Values) => string;

/** A message in a language; the English one while its Kiswahili is not there (else its key). */
export function translate(locale: Locale, id: string, values?: Values): string {
  const message = tables[locale].get(id) ?? tables.en.get(id) ?? id;
  return formatMessage(message, values);
}

/** A sentence from a catalogue keyed by English text; one it does not hold is shown as it came. */
export function translateKnown(locale: Locale, english: string): string {
  const message = tables[locale].get(english);
  return message === undefined ? english : formatMessage(message);
}

/**
 * Loads an area's compiled catalogues; its `useText()` translates the area's keys, typed from the
 * English file, so a key that does not exist is a compile error. `sw` is the catalogue's import
 * (`() => import('./locales/sw.json?lingui')`), fetched by a Kiswahili page only.
 */
export function catalogue<Source extends Record<string, string>>(messages: {
  en: CompiledMessages;
  sw: Translation;
}) {
  load('en', messages.en);
  if (typeof messages.sw === 'function') pending.add(messages.sw);
  else load('sw', messages.sw);
  type Key = Extract<keyof Source, string>;
  const textIn =
    (locale: Locale): Translate<Key> =>
    (id, values) =>
      translate(locale, id, values);
  return {
    /** The area's messages in the page's language. */
    useText: (): Translate<Key> => textIn(useLocale()),
    /** The same, for a language known outside React. */
    textIn,
  };
}

// The catalogue's words in English and Kiswahili (issue 37): home, product list and page, search,
// reviews, top picks and weekly offers.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useCatalogText, textIn: catalogTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

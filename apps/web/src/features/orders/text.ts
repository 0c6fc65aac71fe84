// Orders' words in English and Kiswahili (issue 37): order complete, history, an order's page and
// its returns.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useOrdersText, textIn: ordersTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

// The account area's words in English and Kiswahili (issue 37): its menu, dashboard and the
// profile's data rights.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useAccountText, textIn: accountTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

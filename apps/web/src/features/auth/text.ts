// The sign-in pages' words in English and Kiswahili (issue 37): log-in, sign-up, the forgotten
// password, the second step and the phone sign-in. The staff invitation stays English (back office).
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useAuthText, textIn: authTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

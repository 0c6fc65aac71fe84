// /contact's words in English and Kiswahili (issue 37). Its 'submitted' and toast sentences are
// CONTACT_MESSAGES' (SPEC §2.10); contact-page.test.tsx checks they still say the same.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useContactText, textIn: contactTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

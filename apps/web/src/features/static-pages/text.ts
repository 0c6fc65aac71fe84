// The static pages' words in English and Kiswahili (issue 37): about, privacy, FAQs, delivery
// and the payment pages.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useStaticText, textIn: staticTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

export type StaticTextKey = keyof typeof source;

// Receipts' words in English and Kiswahili (issue 37): the labels of a tax invoice or credit note
// and of its page. What KRA signed (names, amounts, tax types) stays as it was signed.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useReceiptsText, textIn: receiptsTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

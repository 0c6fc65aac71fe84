// Checkout's words in English and Kiswahili (issue 37): the three steps, the ways to pay, the
// M-Pesa screens and the way back from PayPal.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useCheckoutText, textIn: checkoutTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

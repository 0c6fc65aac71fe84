// The shop's shared words: header, footer, the parts every page uses, and the messages of the
// shared validation schemas and the server (translated by their English text).
import { catalogue } from './catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useShopText, textIn: shopTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

/** A key of the shared catalogue (route descriptions are named by theirs: app/router.tsx). */
export type ShopTextKey = Extract<keyof typeof source, string>;

// The shared components' words in English and Kiswahili (issue 37). The back office uses the same
// components and stays English: it is never under /sw, so its pages read the English messages.
import { catalogue } from '../../lib/i18n/catalogue.ts';
import { messages as en } from './locales/en.json?lingui';
import type source from './locales/en.json';

export const { useText: useUiText, textIn: uiTextIn } = catalogue<typeof source>({
  en,
  sw: () => import('./locales/sw.json?lingui'),
});

export type UiKey = Extract<keyof typeof source, string>;

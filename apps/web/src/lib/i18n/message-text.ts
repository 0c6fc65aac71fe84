// Sentences that arrive already written in English — the shared schemas' validation messages and
// the server's error messages — shown in the page's language. Their catalogue (messages/*.json) is
// keyed by the English sentence itself; one not in it is shown as it came.
import { useCallback } from 'react';
import { catalogue, translateKnown } from './catalogue.ts';
import { useLocale } from './locale-context.tsx';

// English is the sentence itself: only Kiswahili is a table, fetched by Kiswahili pages.
catalogue<Record<string, string>>({ en: {}, sw: () => import('./messages/sw.json?lingui') });

/** `(sentence) => the same sentence in the page's language`. */
export function useMessageText(): (english: string) => string {
  const locale = useLocale();
  return useCallback((english: string) => translateKnown(locale, english), [locale]);
}

// A sentence with a link or bold words inside (issue 37): the catalogue holds the whole sentence
// with a `{name}` where each element goes, so each language puts them where its grammar wants.
import { Fragment, type ReactNode } from 'react';
import type { Translate, Values } from '../../lib/i18n/catalogue.ts';

/** Marks an element's place in the translated text; never typed by anyone. */
const MARK = '\u2063';

/**
 * The message `key` with each `{name}` of `parts` replaced by its element, e.g.
 * `rich(t, 'faqsPage.updateAnswer', { profile: <strong>{t('faqsPage.updateProfile')}</strong> })`.
 */
export function rich<Key extends string>(
  t: Translate<Key>,
  key: Key,
  parts: Record<string, ReactNode>,
  values: Values = {},
): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, MARK + name + MARK]));
  return t(key, { ...values, ...marks })
    .split(MARK)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece));
}

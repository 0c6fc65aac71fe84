// Every message of every catalogue, in both languages, read by compiled-message.ts and by Lingui's
// own runtime (which the shop no longer ships): the same words for any count, plurals and '#'
// included. A message that used more than the reader knows would fail here, not on a page.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatMessage, type CompiledMessages } from './compiled-message.ts';

const sources = import.meta.glob<Record<string, string>>(
  ['/src/**/locales/*.json', '/src/lib/i18n/messages/*.json'],
  { eager: true, import: 'default' },
);
const compiled = import.meta.glob<CompiledMessages>(
  ['/src/**/locales/*.json', '/src/lib/i18n/messages/*.json'],
  { eager: true, import: 'messages', query: '?lingui' },
);

const COUNTS = [0, 1, 2, 5, 21, 1000, 1234567];
const namesIn = (message: string) =>
  [...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((m) => m[1]!);

describe('compiled messages', () => {
  it('finds the catalogues, compiled and not', () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(sources).sort());
  });

  it.each(Object.keys(sources))('%s reads as Lingui reads it, for any count', (path) => {
    const locale = path.endsWith('/sw.json') ? 'sw' : 'en';
    // Lingui compiles the source itself outside production (its message compiler).
    const lingui = setupI18n({ locale, messages: { [locale]: sources[path]! } });
    let plurals = 0;
    for (const [id, source] of Object.entries(sources[path]!)) {
      if (source.includes('plural')) plurals++;
      for (const n of COUNTS) {
        const values = Object.fromEntries(namesIn(source).map((name) => [name, n]));
        expect(formatMessage(compiled[path]![id]!, values), `${id} with ${n}`).toBe(
          lingui._(id, values),
        );
      }
    }
    if (/\/(catalog|ui)\/locales\/en\.json$/.test(path)) expect(plurals).toBeGreaterThan(0);
  });

  it('says a message it cannot read, rather than writing it wrong', () => {
    expect(() => formatMessage([['when', 'date', {}]], { when: 1 })).toThrow("uses 'date'");
  });
});

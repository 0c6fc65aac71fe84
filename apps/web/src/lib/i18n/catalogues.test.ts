// Every catalogue of the shop in both languages (issue 37): the same keys in English and
// Kiswahili, nothing empty, the same placeholders, and a Kiswahili that is not English left in
// place. The rendered shop is checked for English the catalogues missed by a journey
// (tests/e2e/journeys/kiswahili-coverage.spec.ts).
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, string>>(
  ['/src/**/locales/*.json', '/src/lib/i18n/messages/*.json'],
  { eager: true, import: 'default' },
);

/**
 * Words the same in both languages: names, and what Kenyans read in English on M-Pesa's own menu
 * ('Lipa na M-PESA', 'Pay Bill', 'Buy Goods'). A Kiswahili message equal to its English one is
 * English left in place unless every word of it is here.
 */
const SAME_IN_BOTH = new Set(
  `m pesa mpesa lipa na paypal paybill pay bill buy goods till duka email e-mail kra pin etims vat
  ok ksh english kiswahili sku facebook instagram x tiktok whatsapp`.split(/\s+/),
);
const wordsOf = (message: string) =>
  message
    .replace(/\{[^{}]*\}/g, ' ')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

const areas = Object.keys(files)
  .filter((path) => path.endsWith('/en.json'))
  .map((en) => ({
    area: en.slice(0, -'/en.json'.length),
    en: files[en]!,
    sw: files[en.replace(/en\.json$/, 'sw.json')],
  }));

/** The names of a message's placeholders ({count}, {name}), sorted. */
const placeholders = (message: string) =>
  [
    ...new Set(
      // Not a plural's branches ('one {review}'): their braces hold text, not a name.
      [
        ...message.matchAll(
          /(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{\s*([A-Za-z_]\w*)\s*[,}]/g,
        ),
      ].map((m) => m[1]),
    ),
  ].sort();

describe('the shop’s catalogues', () => {
  it('are found: one per area of the shop, each in both languages', () => {
    expect(areas.length).toBeGreaterThanOrEqual(3);
    for (const { area, sw } of areas) expect(sw, `${area}/sw.json`).toBeDefined();
  });

  it.each(areas.map((a) => [a.area, a] as const))('%s: the same keys in both languages', (_, a) => {
    const en = Object.keys(a.en).sort();
    const sw = Object.keys(a.sw ?? {}).sort();
    expect(
      sw.filter((k) => !en.includes(k)),
      'in Kiswahili only',
    ).toEqual([]);
    expect(
      en.filter((k) => !sw.includes(k)),
      'missing in Kiswahili',
    ).toEqual([]);
  });

  it.each(areas.map((a) => [a.area, a] as const))(
    '%s: every Kiswahili message written, with the English one’s placeholders',
    (_, a) => {
      const empty = Object.entries(a.sw ?? {}).filter(([, v]) => !v.trim());
      expect(empty, 'empty').toEqual([]);
      const different = Object.keys(a.en).filter(
        (k) =>
          a.sw?.[k] !== undefined &&
          placeholders(a.en[k]!).join() !== placeholders(a.sw[k]!).join(),
      );
      expect(different, 'placeholders differ').toEqual([]);
    },
  );

  it.each(areas.map((a) => [a.area, a] as const))(
    '%s: no English left as the Kiswahili (but for names)',
    (_, a) => {
      const untranslated = Object.entries(a.en).filter(
        ([k, v]) => a.sw?.[k] === v && !wordsOf(v).every((word) => SAME_IN_BOTH.has(word)),
      );
      expect(untranslated.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    },
  );
});

// The shop's message catalogues (issue 37): one per area of the web app, each a JSON file per
// language beside the code that shows it (src/features/cart/locales/sw.json). The Vite plugin
// compiles a catalogue when a page imports it (`./locales/sw.json?lingui`), so the browser gets
// ready-made messages and no message parser. The back office stays English: no catalogues there.
import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

const areas = [
  'src/lib/i18n',
  'src/components/ui',
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('admin'))
    .map((entry) => `src/features/${entry.name}`),
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sw'],
  fallbackLocales: { default: 'en' },
  format: formatter({ style: 'minimal' }),
  catalogs: [
    ...areas.map((area) => ({
      path: `<rootDir>/${area}/locales/{locale}`,
      include: [`<rootDir>/${area}`],
    })),
    // Sentences keyed by their English text: the shared schemas' and the server's messages.
    { path: '<rootDir>/src/lib/i18n/messages/{locale}', include: ['<rootDir>/src/lib/i18n'] },
  ],
});

// One lint configuration for the whole repository. The import-direction rules encode DESIGN.md:
// packages/domain imports nothing of ours; the server and the web app never import each other;
// in the web app no feature imports another, features never import app/, and there are no cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const WEB = './apps/web/src';
const FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One zone per feature: it may import anything but the other features. */
const featureZones = FEATURES.map((feature) => ({
  target: `${WEB}/features/${feature}`,
  from: `${WEB}/features`,
  except: [`./${feature}`],
  message: `Features do not import each other: move what both need to components/ (ui/, admin/) or lib, or compose them in app/.`,
}));
/** Shared code knows nothing of features or of the app that composes them. */
const sharedZone = {
  target: [`${WEB}/components`, `${WEB}/lib`],
  from: [`${WEB}/features`, `${WEB}/app`],
  message: 'components/ and lib/ are shared: they import neither features nor app/.',
};
/** app/ composes features, never the other way round. */
const appZone = {
  target: `${WEB}/features`,
  from: `${WEB}/app`,
  message: 'Features do not import app/ (app/ composes features): take it as a prop instead.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@duka/server*', '@duka/web*', 'node:*', 'fs', 'path'] },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@duka/web*', '**/apps/web/**'] }] },
  },
  {
    // Import direction and cycles in the web app and the domain package, resolved as TypeScript
    // resolves them (explicit .ts/.tsx extensions, the domain package's `exports` subpaths).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses only .js files and no-cycle never sees a TypeScript cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...featureZones, sharedZone, appZone] },
      ],
      // Only our own modules can form a cycle that matters here.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test may wire a feature's screens into the app's real providers; still no other feature.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...featureZones, sharedZone] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: ['@duka/server*', '**/apps/server/**'],
          paths: [
            {
              name: '@duka/domain',
              allowTypeImports: true,
              message:
                'Import values from a subpath (e.g. @duka/domain/pricing/money): the root pulls every zod schema into the first load.',
            },
          ],
        },
      ],
    },
  },
);

import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineProject } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

const linguiConfig = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineProject({
  resolve: {
    // React Router's ESM build: its CommonJS one would require React itself.
    conditions: ['module-sync', 'module', 'browser', 'development'],
    alias: [
      ...preactAliases,
      // Its ES module build, whose imports of react-dom the aliases above can reach.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  // Libraries that import React go through the same resolution, so that they, too, get Preact.
  ssr: {
    noExternal: [
      /react-router/,
      /@tanstack\//,
      /@testing-library\//,
      /react-hook-form/,
      /@hookform\//,
      /recharts/,
    ],
  },
  plugins: [lingui({ configPath: linguiConfig, failOnCompileError: true })],
  test: {
    name: 'web',
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Each worker keeps one page and its imports for all its files instead of a new page and a
    // fresh import of React, the router and the query client per file: the web tests fell from
    // 48 s to 11 s (issue 35's CI time). src/testing/between-files.ts clears what a file leaves.
    isolate: false,
    setupFiles: [
      './src/testing/between-files.ts',
      './src/testing/typing-events.ts',
      './src/testing/effects-before-events.ts',
    ],
  },
});

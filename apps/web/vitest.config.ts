import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineProject } from 'vitest/config';

const linguiConfig = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineProject({
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
    setupFiles: ['./src/testing/between-files.ts'],
  },
});

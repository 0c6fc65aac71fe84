// The web tests share each worker's happy-dom page and imports (`isolate: false` in
// vitest.config.ts): what one test file leaves behind in the page is cleared here, so a file
// starts as it would in a fresh page.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { loadCatalogues } from '../lib/i18n/catalogue.ts';

// A Kiswahili page fetches its catalogues before it renders (main.tsx); so does each test, for the
// catalogues of the code it imported.
beforeEach(() => loadCatalogues('sw'));

afterEach(() => {
  cleanup();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  window.history.replaceState(null, '', '/');
});

// The web tests share each worker's happy-dom page and imports (`isolate: false` in
// vitest.config.ts): what one test file leaves behind in the page is cleared here, so a file
// starts as it would in a fresh page.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

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

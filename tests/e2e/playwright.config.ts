// Browser journeys against the real built app and server, in Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { ALL_READY_URL, baseURL, port } from './servers.ts';

export { ADMIN, DARAJA_SHOP_URL, DARAJA_STAND_IN_URL, MAILBOX_URL, baseURL } from './servers.ts';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './journeys',
  fullyParallel: true,
  // Two at a time: a third made each journey slower by as much as it saved (measured on CI's
  // two-core machine; docs/benchmarks.md, issue 19).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous: the longest journeys take 20–30 s on a quiet machine, and a busy CI host (disk
  // waits) once took a minute over one; a timeout is not what a journey checks.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `../../.tmp/e2e-results-${port}`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /contact\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // The bell counts every unreplied message in the shop, so this journey runs after the others
      // (which also send messages) have finished.
      name: 'messages',
      testMatch: /contact\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  // The two shops, the Daraja stand-in and the mailbox (servers.ts), started side by side.
  webServer: {
    command: 'npx tsx fixtures/start-servers.ts',
    url: ALL_READY_URL,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

// Browser journeys against the real built app and server, in Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { ALL_READY_URL, baseURL, port } from './servers.ts';

export { ADMIN, DARAJA_SHOP_URL, DARAJA_STAND_IN_URL, MAILBOX_URL, baseURL } from './servers.ts';

/**
 * Chromium keeps only the last --disable-features it is given, so ours repeats the list Playwright
 * passes (journeys/browser.spec.ts fails if Playwright's changes) and adds what the journeys' new
 * context for every test paid for and never used: the omnibox's two popups, which the full
 * browser's headless mode preloads for every window (about a tenth of the journeys' CPU), and a
 * spare renderer started beside each new page's own (docs/benchmarks.md, issue 35).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
export const UNUSED_BY_JOURNEYS = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'SpareRendererForSitePerProcess',
];

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BY_JOURNEYS].join(',')}`,
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
    // A trace of every journey, kept only when one failed, cost a quarter of the stage's CPU (its
    // DOM snapshots and screencast); `npx playwright test --trace on` records one when needed.
    trace: 'off',
    // Each journey's new context would install the shop's service worker and send every page and
    // picture through it into a fresh cache: work a shopper's browser does once, not per visit.
    // The offline journey (server-rendering.spec.ts) lets it in and checks what it does.
    serviceWorkers: 'block',
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

// Browser journeys against the real built app and server, in Debian's Chromium.
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `duka-e2e-${process.pid}`);
/** A second shop, configured for M-Pesa through Daraja, talks to the Daraja stand-in. */
export const DARAJA_STAND_IN_URL = `http://127.0.0.1:${port + 1}`;
export const DARAJA_SHOP_URL = `http://127.0.0.1:${port + 2}`;
const darajaDataDir = `${dataDir}-daraja`;
/** The demo pictures, drawn by the first shop and copied by the other (seed/image-cache.ts). */
const imageCacheDir = process.env.DEMO_IMAGE_CACHE_DIR ?? `${dataDir}-images`;

export const ADMIN = { email: 'admin@duka.test', password: 'Admin#2026pass' };

// The journeys' mailbox (fixtures/mailbox-server.ts) listens beside the shop on ports of its own.
const mailboxSmtpPort = port + 1000;
export const MAILBOX_URL = `http://127.0.0.1:${port + 1001}`;

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
  webServer: [
    {
      command: 'npx tsx fixtures/mailbox-server.ts',
      url: `${MAILBOX_URL}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAILBOX_SMTP_PORT: String(mailboxSmtpPort), MAILBOX_HTTP_PORT: String(port + 1001) },
    },
    {
      // Builds when the sources changed, then starts one server on a throwaway database, with no
      // payment configuration at all (PayPal's and M-Pesa's built-in sandboxes).
      command: `rm -rf "${dataDir}" && node ../../scripts/start.mjs`,
      url: `${baseURL}/readyz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...shopEnv(port, dataDir),
        // Mail goes out through the outbox worker to the journeys' mailbox, as in production.
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}`,
        BACKGROUND_JOBS: 'true',
        OUTBOX_POLL_SECONDS: '1',
      },
    },
    {
      command: `npx tsx ../../apps/server/test/stand-ins/daraja-cli.ts ${port + 1}`,
      url: `${DARAJA_STAND_IN_URL}/__stand-in/pushes`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf "${darajaDataDir}" && node ../../scripts/start.mjs`,
      url: `${DARAJA_SHOP_URL}/readyz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...shopEnv(port + 2, darajaDataDir),
        PUBLIC_URL: DARAJA_SHOP_URL,
        MPESA_CONSUMER_KEY: 'stand-in-consumer-key',
        MPESA_CONSUMER_SECRET: 'stand-in-consumer-secret',
        MPESA_SHORTCODE: '174379',
        MPESA_PASSKEY: 'stand-in-passkey-0123456789abcdef',
        MPESA_API_BASE: DARAJA_STAND_IN_URL,
        // The stand-in on loopback over http: the start-up warning about https is expected.
        LOG_LEVEL: 'error',
      },
    },
  ],
});

function shopEnv(shopPort: number, shopDataDir: string): Record<string, string> {
  return {
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    DATA_DIR: shopDataDir,
    WEB_DIST_SNAPSHOT_DIR: path.join(shopDataDir, 'web'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_IMAGE_CACHE_DIR: imageCacheDir,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
    CONTACT_RATE_LIMIT_PER_HOUR: '10000',
    LOGIN_ATTEMPTS_PER_ADDRESS: '10000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Short payment timeout is not needed here; the defaults are what shoppers get.
  };
}

// Browser journeys against the real built app and server, in Debian's Chromium.
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `duka-e2e-${process.pid}`);

export const ADMIN = { email: 'admin@duka.test', password: 'Admin#2026pass' };

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
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
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
  webServer: {
    // Builds when the sources changed, then starts one server on a throwaway database.
    command: `rm -rf "${dataDir}" && node ../../scripts/start.mjs`,
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_SNAPSHOT_DIR: path.join(dataDir, 'web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
      CONTACT_RATE_LIMIT_PER_HOUR: '10000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '10000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Short payment timeout is not needed here; the defaults are what shoppers get.
    },
  },
});

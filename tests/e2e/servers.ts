// What the journeys run against: two shops (one on the built-in sandboxes, one on the Daraja
// stand-in), the Daraja stand-in and a mailbox. Their addresses are here so the journeys and the
// launcher (fixtures/start-servers.ts) agree on them.
import os from 'node:os';
import path from 'node:path';
import { SMS_API_KEY, SMS_USERNAME } from './fixtures/sms.ts';

export const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
export const dataDir =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `duka-e2e-${process.pid}`);
/** A second shop, configured for M-Pesa through Daraja, talks to the Daraja stand-in. */
export const DARAJA_STAND_IN_URL = `http://127.0.0.1:${port + 1}`;
export const DARAJA_SHOP_URL = `http://127.0.0.1:${port + 2}`;
/** Answers once every server below is ready (fixtures/start-servers.ts). */
export const ALL_READY_URL = `http://127.0.0.1:${port + 3}/ready`;
/** The first shop's SMS gateway: the Africa's Talking stand-in (fixtures/sms.ts). */
export const SMS_STAND_IN_URL = `http://127.0.0.1:${port + 4}`;
// The journeys' mailbox (fixtures/mailbox-server.ts) listens beside the shop on ports of its own.
const mailboxSmtpPort = port + 1000;
export const MAILBOX_URL = `http://127.0.0.1:${port + 1001}`;

export const ADMIN = { email: 'admin@duka.test', password: 'Admin#2026pass' };

export interface Server {
  name: string;
  command: string;
  /** Answers 200 once the server is ready. */
  url: string;
  env?: Record<string, string>;
}

/** The servers, started side by side (each shop takes seconds to migrate and seed). */
export function servers(): Server[] {
  const darajaDataDir = `${dataDir}-daraja`;
  /** The demo pictures, drawn by the first shop and copied by the other (seed/image-cache.ts). */
  const imageCacheDir = process.env.DEMO_IMAGE_CACHE_DIR ?? `${dataDir}-images`;
  const shopEnv = (shopPort: number, shopDataDir: string): Record<string, string> => ({
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
  });
  return [
    {
      name: 'mailbox',
      command: 'npx tsx fixtures/mailbox-server.ts',
      url: `${MAILBOX_URL}/healthz`,
      env: { MAILBOX_SMTP_PORT: String(mailboxSmtpPort), MAILBOX_HTTP_PORT: String(port + 1001) },
    },
    {
      // Builds when the sources changed, then starts one server on a throwaway database, with no
      // payment configuration at all (PayPal's and M-Pesa's built-in sandboxes).
      name: 'shop',
      command: `rm -rf "${dataDir}" && node ../../scripts/start.mjs`,
      url: `${baseURL}/readyz`,
      env: {
        ...shopEnv(port, dataDir),
        // Mail goes out through the outbox worker to the journeys' mailbox, as in production.
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}`,
        BACKGROUND_JOBS: 'true',
        OUTBOX_POLL_SECONDS: '1',
        // Text messages (the phone sign-in's codes) go to the SMS stand-in.
        AT_USERNAME: SMS_USERNAME,
        AT_API_KEY: SMS_API_KEY,
        AT_API_BASE: SMS_STAND_IN_URL,
      },
    },
    {
      name: 'sms stand-in',
      command: `npx tsx ../../apps/server/test/stand-ins/africas-talking-cli.ts ${port + 4} ${SMS_USERNAME} ${SMS_API_KEY}`,
      url: `${SMS_STAND_IN_URL}/__stand-in/messages`,
    },
    {
      name: 'daraja stand-in',
      command: `npx tsx ../../apps/server/test/stand-ins/daraja-cli.ts ${port + 1}`,
      url: `${DARAJA_STAND_IN_URL}/__stand-in/pushes`,
    },
    {
      name: 'daraja shop',
      command: `rm -rf "${darajaDataDir}" && node ../../scripts/start.mjs`,
      url: `${DARAJA_SHOP_URL}/readyz`,
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
  ];
}

// Test fixture: the real app over a fresh database of its own, driven through inject().
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestContext {
  app: App;
  db: Db;
  database: TestDatabase;
  config: Config;
  /** The app's log lines at warn level and above (JSON, as pino writes them). */
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const logs: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    // Tests sign up many accounts from one address; rate limits get their own tests.
    SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
    CONTACT_RATE_LIMIT_PER_HOUR: '100000',
    // Concurrent log-ins are counted before they are checked; tests log in many shoppers at once.
    LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    // Tests change the catalogue and search again at once; the search cache has its own test.
    SEARCH_CACHE_SECONDS: '0',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second server instance on the same database (its own connection pool on PostgreSQL). */
export async function secondInstance(t: TestContext): Promise<App> {
  const app = await buildApp({
    config: t.config,
    database: await t.database.openAnother(),
    logger: false,
  });
  await app.ready();
  return app;
}

// At the default level the log has no line per request (a shop's log used to be one line per page
// view, image and API call); at debug the requests are there; a failure is logged at any level.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { logOptions, wantsPrettyLog } from './log-options.ts';

let database: TestDatabase;
let dataDir: string;
const apps: App[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-log-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The app with its log, at `level`, written into an array. */
async function appLoggingAt(level: 'info' | 'debug') {
  const lines: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: level,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  });
  const app = await buildApp({
    config,
    database,
    logger: logOptions(config, { write: (line) => void lines.push(line) }),
  });
  apps.push(app);
  // A route that fails, as a bug would.
  app.get('/test/fails', async () => {
    throw new Error('a bug');
  });
  await app.ready();
  return { app, lines };
}

async function browse(app: App) {
  for (const url of ['/healthz', '/readyz', '/api/categories', '/no/such/page', '/healthz']) {
    await app.inject({ method: 'GET', url });
  }
}

describe('the log at the default level (info)', () => {
  it('writes no line for requests that went well, or were not found', async () => {
    const { app, lines } = await appLoggingAt('info');
    const before = lines.length;
    await browse(app);
    expect(lines.slice(before)).toEqual([]);
  });

  it('still writes a request that failed', async () => {
    const { app, lines } = await appLoggingAt('info');
    const before = lines.length;
    expect((await app.inject({ method: 'GET', url: '/test/fails' })).statusCode).toBe(500);
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 50, msg: 'request failed' });
    expect(written[0]!.err).toMatchObject({ message: 'a bug' });
  });
});

describe('the log at debug', () => {
  it('has each request, received and completed', async () => {
    const { app, lines } = await appLoggingAt('debug');
    const before = lines.length;
    await browse(app);
    const messages = lines.slice(before).map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((m) => m === 'incoming request')).toHaveLength(5);
    expect(messages.filter((m) => m === 'request completed')).toHaveLength(5);
  });
});

describe('which form the log takes', () => {
  it('is readable lines on a terminal, JSON in a pipe or a file and in production', () => {
    expect(wantsPrettyLog({ NODE_ENV: 'development' }, { isTTY: true })).toBe(true);
    expect(wantsPrettyLog({ NODE_ENV: 'test' }, { isTTY: true })).toBe(true);
    expect(wantsPrettyLog({ NODE_ENV: 'development' }, { isTTY: false })).toBe(false);
    expect(wantsPrettyLog({ NODE_ENV: 'development' }, {})).toBe(false);
    expect(wantsPrettyLog({ NODE_ENV: 'production' }, { isTTY: true })).toBe(false);
  });
});

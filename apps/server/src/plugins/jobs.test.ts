// Background jobs start when the server is ready, not when the app is built: server.ts migrates
// and seeds in between, and on a first start a job ticking meanwhile found no tables ('relation
// "payments" does not exist').
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { dropWhenIdle } from '../../test/database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../startup.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database with nothing in it: PGlite in memory, or a new database on the PostgreSQL server. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.DATABASE_OWNER_URL ?? process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    return database;
  }
  const name = `duka_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  cleanups.push(async () => {
    await database.close();
    await dropWhenIdle(admin, name);
    await admin.end();
  });
  return database;
}

describe('background jobs on a first start', () => {
  it('run none before the server is ready, then run as scheduled', async () => {
    const database = await emptyDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-jobs-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const logs: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      BACKGROUND_JOBS: 'true',
      OUTBOX_POLL_SECONDS: '1',
      ETIMS_POLL_SECONDS: '1',
      MPESA_QUERY_AFTER_SECONDS: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
    const app = await buildApp({
      config,
      database,
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
    });
    cleanups.push(() => app.close());
    let runs = 0;
    app.jobs.every('test-probe', 50, async () => void runs++);

    // The jobs' intervals pass while the database is still empty, as during a slow first seed.
    await sleep(1_500);
    expect(runs).toBe(0);
    await prepareDatabase(database, {
      seedDemo: false,
      admin: { email: 'owner@duka.test', password: 'Owner#2026pass' },
    });
    await app.ready();
    await sleep(1_500);

    expect(runs).toBeGreaterThan(0);
    expect(logs.filter((line) => line.includes('background job failed'))).toEqual([]);
  });
});

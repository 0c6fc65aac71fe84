// Choosing Daraja or the sandbox from the configuration, and saying so when it will not work live.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { DARAJA_CREDENTIALS } from '../../test/stand-ins/daraja.ts';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';

const daraja = {
  MPESA_CONSUMER_KEY: DARAJA_CREDENTIALS.consumerKey,
  MPESA_CONSUMER_SECRET: DARAJA_CREDENTIALS.consumerSecret,
  MPESA_SHORTCODE: DARAJA_CREDENTIALS.shortcode,
  MPESA_PASSKEY: DARAJA_CREDENTIALS.passkey,
};

async function startLogs(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-mpesa-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });
  const lines: string[] = [];
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
  const gateway = app.payments.providers.forMethod('mpesa').name;
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { gateway, warnings: lines.map((l) => JSON.parse(l) as { msg: string }) };
}

describe('M-Pesa configuration', () => {
  it('uses the built-in sandbox without credentials, quietly', async () => {
    const { gateway, warnings } = await startLogs({});
    expect(gateway).toBe('mpesa-sandbox');
    expect(warnings.filter((w) => w.msg.includes('M-Pesa'))).toEqual([]);
  });

  it('talks to Daraja with all four credentials, warning (never refusing) when PUBLIC_URL is not https', async () => {
    const http = await startLogs({ ...daraja, PUBLIC_URL: 'http://shop.example' });
    expect(http.gateway).toBe('mpesa');
    expect(http.warnings.map((w) => w.msg)).toContainEqual(
      expect.stringContaining('PUBLIC_URL is not https'),
    );
    const https = await startLogs({ ...daraja, PUBLIC_URL: 'https://shop.example' });
    expect(https.warnings.filter((w) => w.msg.includes('M-Pesa'))).toEqual([]);
    // The warning never carries a secret.
    expect(JSON.stringify(http.warnings)).not.toContain(DARAJA_CREDENTIALS.passkey);
  });

  it('refuses half a set of credentials, naming what is missing', () => {
    const partial = { MPESA_CONSUMER_KEY: 'k', MPESA_SHORTCODE: '174379' };
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/MPESA_CONSUMER_SECRET: is needed/);
    expect(() => loadConfig(partial)).toThrow(/MPESA_PASSKEY: is needed/);
    expect(() => loadConfig({ ...daraja, MPESA_SHORTCODE: 'abc' })).toThrow(/MPESA_SHORTCODE/);
  });

  it('defaults to the Daraja sandbox, Paybill and a query after 30 seconds', () => {
    const config = loadConfig(daraja);
    expect(config).toMatchObject({
      MPESA_API_BASE: 'https://sandbox.safaricom.co.ke',
      MPESA_TRANSACTION_TYPE: 'CustomerPayBillOnline',
      MPESA_QUERY_AFTER_SECONDS: 30,
    });
    expect(config.MPESA_PARTY_B).toBeUndefined(); // the shortcode is used
  });
});

// What the shop accepts from its surroundings: production configuration, a client's request id,
// HTTPS behind a proxy, and addresses of files that do not exist.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { ConfigError, loadConfig } from '../config.ts';

const GOOD_SECRET = 'n7Qv2LxR9sKp4WmZ8tYc3HbJ6fGd1AeU5';

describe('production configuration', () => {
  const production = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, ...env });

  it('refuses an administrator password that fails the sign-up rule', () => {
    expect(() => production({ ADMIN_PASSWORD: 'a' })).toThrow(ConfigError);
    expect(() => production({ ADMIN_PASSWORD: 'a' })).toThrow(/ADMIN_PASSWORD: Password must/);
    expect(production({ ADMIN_PASSWORD: 'Owner#2026pass' }).ADMIN_PASSWORD).toBe('Owner#2026pass');
  });

  it('refuses a JWT secret that is short or not random', () => {
    expect(() => production({ JWT_SECRET: 'a'.repeat(32) })).toThrow(/at least 16 different/);
    expect(() => production({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/is required in production/);
    expect(production({}).JWT_SECRET).toBe(GOOD_SECRET);
  });

  it('is not as strict outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development', ADMIN_PASSWORD: 'a' }).ADMIN_PASSWORD).toBe('a');
  });
});

describe('at the edge', () => {
  let t: TestContext;
  let behindProxy: TestContext;
  const web = mkdtempSync(path.join(os.tmpdir(), 'duka-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Duka</title>');
    t = await createTestApp({ WEB_DIST_DIR: web });
    behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await behindProxy.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('keeps a client’s request id only when it is a plain token of at most 64 characters', async () => {
    const kept = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123_XYZ' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123_XYZ');
    for (const forged of ['a'.repeat(65), 'evil\nline', 'x y', '<script>', '']) {
      const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': forged } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends Strict-Transport-Security for HTTPS behind a trusted proxy, and only then', async () => {
    const https = await behindProxy.app.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await behindProxy.app.inject({ url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 404 for missing images and uploads, and the web app for its own routes', async () => {
    for (const url of ['/images/products/none.webp', '/images/none', '/uploads/nothing-here']) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
    const page = await t.app.inject('/products/12');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Duka</title>');
  });
});

// The platform every request meets: health, OpenAPI, security headers, request ids, the one error
// shape, HTTPS behind a proxy, static files and the web app's routes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document generated from the schemas, and a browsable reference', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/reviews/{id}']),
    );
    const listParams = doc.paths['/api/products'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(listParams).toEqual(
      expect.arrayContaining(['q', 'category', 'brand', 'sort', 'minRating', 'limit', 'skip']),
    );
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends security headers and a request id on every answer', async () => {
    const res = await t.app.inject('/api/products?limit=1');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The same on the next request: the headers are built once, not consumed by the first.
    const again = await t.app.inject('/api/products?limit=1');
    expect(again.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('answers unknown API addresses with the one error shape', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'No such address: GET /api/no-such-thing',
      code: 'NOT_FOUND',
    });
  });

  it('answers malformed JSON with 400, not a crash', async () => {
    // A public route that reads a JSON body, so nothing but the parser can refuse it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "Body is not valid JSON but content-type is set to 'application/json'",
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
  });
});

describe('failures on our side', () => {
  it('hide their details and say the database is not ready', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject('/api/products');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
    expect((await broken.app.inject('/readyz')).statusCode).toBe(503);
    await broken.app.close();
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

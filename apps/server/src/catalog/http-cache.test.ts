import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { etagMatches, PRIVATE_CACHING, PUBLIC_CACHING } from './http-cache.ts';

let t: TestContext;
let boss: LoggedIn;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  id = await product(t.db, { priceCents: 120_000, stock: 4, title: 'Jiko Charcoal Stove' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('HTTP caching of the catalogue', () => {
  it('gives an ETag and a short public Cache-Control, and 304 for a matching If-None-Match', async () => {
    for (const url of [`/api/products/${id}`, '/api/products?q=jiko', '/api/products/categories']) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe(PUBLIC_CACHING);
      expect(first.headers.vary).toContain('Authorization');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const other = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    }
  });

  it('keeps answers to a request with a token private, revalidated every time', async () => {
    const res = await get(`/api/products/${id}`, boss.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHING);
  });

  it('changes the ETag when the product changes', async () => {
    const before = await get(`/api/products/${id}`);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: boss.auth,
      payload: { price: 99_900 },
    });
    expect(edit.statusCode).toBe(200);
    const after = await get(`/api/products/${id}`, {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().price).toBe(99_900);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('leaves errors alone', async () => {
    const missing = await get('/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).not.toBe(PUBLIC_CACHING);
  });

  it('compares ETags weakly, in a list, and with *', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});

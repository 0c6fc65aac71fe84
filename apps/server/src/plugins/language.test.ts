// The Kiswahili shop's addresses (issue 37): the switch remembers a choice and keeps the page; only
// the home page follows that choice; a Kiswahili page says its language; nothing is guessed from
// the browser's Accept-Language.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

const webBuild = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/web-build',
);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webBuild });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the language switch', () => {
  it('remembers Kiswahili and opens the same page, address and query kept', async () => {
    const res = await get('/lang/sw?next=%2Fproducts%2F7%3Fref%3Dhome');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sw/products/7?ref=home');
    expect(res.headers['set-cookie']).toMatch(
      /^duka_lang=sw; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
  });

  it('goes back to English the same way', async () => {
    const res = await get('/lang/en?next=%2Fsw%2Fcart');
    expect(res.headers.location).toBe('/cart');
    expect(res.headers['set-cookie']).toContain('duka_lang=en');
  });

  it('never leaves the shop, whatever `next` says', async () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '']) {
      const res = await get(`/lang/sw?next=${encodeURIComponent(next)}`);
      expect(res.headers.location, next).toBe('/sw');
    }
    expect((await get('/lang/fr?next=%2F')).statusCode).toBe(404);
  });
});

describe('the home page and the remembered language', () => {
  it('opens the Kiswahili shop for someone who chose it, and says the answer varies', async () => {
    const res = await get('/?ref=sms', { cookie: 'other=1; duka_lang=sw' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sw?ref=sms');
    expect(res.headers.vary).toContain('Cookie');
  });

  it('is not redirected by the browser’s language, nor for someone who chose English', async () => {
    const bySw = await get('/', { 'accept-language': 'sw-KE,sw;q=0.9' });
    expect(bySw.statusCode).toBe(200);
    const choseEn = await get('/', { cookie: 'duka_lang=en' });
    expect(choseEn.statusCode).toBe(200);
  });

  it('follows no choice on other pages: a shared link opens in its own language', async () => {
    const res = await get('/account', { cookie: 'duka_lang=sw' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
  });
});

describe('a Kiswahili page', () => {
  it('says its language in <html lang>', async () => {
    const res = await get('/sw/products/7');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="sw">');
    expect(res.body).not.toContain('<html lang="en">');
  });
});

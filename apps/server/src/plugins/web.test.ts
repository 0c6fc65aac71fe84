// A rendered page's Content-Security-Policy: our own scripts and styles, plus exactly the page's
// inline stylesheet and <head> script by their hashes — nothing else inline runs.
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

describe("a rendered page's policy", () => {
  it('allows its inline stylesheet and head script by their hashes, and nothing else inline', async () => {
    const page = await t.app.inject('/sw/products/7');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const script = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
    const style = /style-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
    expect(script).toEqual(["'self'", expect.stringMatching(/^'sha256-[\w+/]+=*'$/)]);
    expect(style).toEqual(["'self'", expect.stringMatching(/^'sha256-[\w+/]+=*'$/)]);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('is the plain policy for the app shell, which has nothing inline', async () => {
    const shell = await t.app.inject('/dashboard/orders');
    expect(String(shell.headers['content-security-policy'])).toMatch(/script-src 'self';/);
  });
});

// Sandboxes are for laptops (decision record 024): in production a payment method without real
// credentials is off — not offered, its sandbox pages gone — unless PAYMENTS_SANDBOX=true turns the
// sandboxes on on purpose, and then every page says that no real money moves.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_NOTICE } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';

const webBuild = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/web-build',
);
const SANDBOX_ROUTES = [
  '/mpesa-sandbox/menu/:paymentId',
  '/mpesa-sandbox/:paymentId/:answer',
  '/sandbox-pay/:paymentId/approve',
];
const BAR = `<div id="notice-bar" role="note">${SANDBOX_NOTICE}</div>`;

const methodsOf = async (t: TestContext) =>
  (
    (await t.app.inject('/api/payments/methods')).json() as { methods: { method: string }[] }
  ).methods.map((m) => m.method);

describe('in production', () => {
  let off: TestContext;
  let on: TestContext;
  let laptop: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ NODE_ENV: 'production', WEB_DIST_DIR: webBuild });
    on = await createTestApp({
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      WEB_DIST_DIR: webBuild,
    });
    laptop = await createTestApp({ WEB_DIST_DIR: webBuild });
  });
  afterAll(async () => {
    await Promise.all([off.close(), on.close(), laptop.close()]);
  });

  it('offers no method that has no real credentials, and its sandbox pages are gone', async () => {
    expect(await methodsOf(off)).toEqual(['pay_on_delivery']);
    const warning = off.logs.find((line) => line.includes('are off in production'));
    expect(JSON.parse(warning!).off).toEqual(['mpesa', 'mpesa_paybill', 'paypal']);
    const menu = await off.app.inject({
      method: 'POST',
      url: '/mpesa-sandbox/menu/PB-anything',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=893&amount=133',
    });
    expect(menu.statusCode).toBe(404);
    // The simulated phone's answers and the PayPal stand-in's approval: no such routes either.
    for (const url of SANDBOX_ROUTES) {
      expect(off.app.hasRoute({ method: 'POST', url }), url).toBe(false);
      expect(on.app.hasRoute({ method: 'POST', url }), url).toBe(true);
    }
    expect((await off.app.inject('/dashboard')).body).not.toContain('notice-bar');
  });

  it('runs the sandboxes when PAYMENTS_SANDBOX=true, says so on every page and warns at start', async () => {
    expect(await methodsOf(on)).toEqual(['mpesa', 'mpesa_paybill', 'paypal', 'pay_on_delivery']);
    expect(on.logs.some((line) => line.includes('PAYMENTS_SANDBOX=true'))).toBe(true);
    // The app shell (a back-office address) and a server-rendered page, before any script runs.
    for (const url of ['/dashboard', '/account', '/gone']) {
      const page = await on.app.inject(url);
      expect(page.body, url).toContain(BAR);
      expect(page.body.indexOf(BAR), url).toBeLessThan(page.body.indexOf('<div id="root">'));
    }
  });

  it('is not where a laptop is: outside production the sandboxes run as they always did', async () => {
    expect(await methodsOf(laptop)).toEqual([
      'mpesa',
      'mpesa_paybill',
      'paypal',
      'pay_on_delivery',
    ]);
    expect((await laptop.app.inject('/dashboard')).body).not.toContain('notice-bar');
  });
});

// Whatever a stranger posts to Daraja's callback or B2C result addresses is recorded and
// answered 'Accepted', never a 500: NUL characters (which PostgreSQL's text refuses), broken
// Unicode, and JSON that hides a NUL in a field the callback would look up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { paymentEvents } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastEvent = async () =>
  (await t.db.select().from(paymentEvents).orderBy(desc(paymentEvents.id)).limit(1))[0]!;

const hiddenNul = JSON.stringify({
  Body: {
    stkCallback: {
      MerchantRequestID: 'm-1',
      CheckoutRequestID: 'ws_CO_\u0000',
      ResultCode: 1032,
      ResultDesc: 'Request cancelled by user',
    },
  },
});

describe.each([
  '/api/mpesa/callback',
  '/api/mpesa/callback/some-secret',
  '/api/mpesa/b2c/result/abc',
])('POST %s', (url) => {
  it.each([
    ['text/plain', 'a\u0000b'],
    ['application/json', '\u0000'],
    ['application/json', hiddenNul],
    ['application/x-www-form-urlencoded', '\ud800 x'],
    ['text/plain', '  '],
  ])('keeps a %s body %j and answers Accepted', async (contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const event = await lastEvent();
    expect(event.body).not.toContain('\u0000');
    if (payload.includes('\u0000') && !payload.startsWith('{')) {
      expect(event.body).toBe(payload.replaceAll('\u0000', '\\u0000'));
    }
    if (!url.includes('b2c') && payload === hiddenNul) {
      expect(event.note).toMatch(/^rejected: malformed \(Body\.stkCallback\.CheckoutRequestID: /);
    }
  });
});

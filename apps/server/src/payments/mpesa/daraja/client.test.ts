// The Daraja client on its own, against the stand-in: what it sends, what it retries, and what it
// keeps for the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DARAJA_CREDENTIALS,
  startDarajaStandIn,
  type DarajaStandIn,
} from '../../../../test/stand-ins/daraja.ts';
import { nairobiTimestamp, stkPassword } from './credentials.ts';
import { DarajaClient } from './client.ts';
import type { PushRequest } from '../stk/api.ts';

let daraja: DarajaStandIn;

beforeAll(async () => {
  daraja = await startDarajaStandIn();
});
afterAll(async () => {
  await daraja.close();
});

const client = (overrides: Partial<ConstructorParameters<typeof DarajaClient>[0]> = {}) =>
  new DarajaClient({
    ...DARAJA_CREDENTIALS,
    apiBase: daraja.url,
    transactionType: 'CustomerPayBillOnline',
    partyB: DARAJA_CREDENTIALS.shortcode,
    timeoutMs: 300,
    retryDelaysMs: [5, 5],
    ...overrides,
  });

const request: PushRequest = {
  amountShillings: 1234,
  phone: '254712345678',
  callbackUrl: 'https://shop.example/api/mpesa/callback/s3cr3t-callback-value',
  accountReference: 'DUKA123456789',
  description: 'Order 123456789',
};

describe('Daraja credentials', () => {
  it('stamps requests in Nairobi time and builds the password from the same stamp', () => {
    const stamp = nairobiTimestamp(new Date('2026-12-31T22:30:05Z'));
    expect(stamp).toBe('20270101013005');
    expect(Buffer.from(stkPassword('174379', 'key', stamp), 'base64').toString()).toBe(
      '174379key20270101013005',
    );
  });
});

describe('the Daraja client', () => {
  it('pushes, cutting the reference to 12 and the description to 13 characters', async () => {
    const outcome = await client().push(request);
    expect(outcome.kind).toBe('accepted');
    const push = daraja.state.lastPush();
    expect(push.body.AccountReference).toBe('DUKA12345678');
    expect(push.body.TransactionDesc).toBe('Order 1234567');
    expect(outcome.log.map((e) => e.kind)).toEqual(['push', 'push-answer']);
  });

  it('asks for a token once, and shares it between concurrent calls', async () => {
    const c = client();
    const before = daraja.state.tokenRequests;
    await Promise.all([c.push(request), c.push(request), c.query('ws_CO_x')]);
    await c.push(request);
    expect(daraja.state.tokenRequests).toBe(before + 1);
  });

  it('reports the query of a ringing phone as processing, and the answer once there is one', async () => {
    const c = client();
    const pushed = await c.push(request);
    if (pushed.kind !== 'accepted') throw new Error(pushed.kind);
    expect((await c.query(pushed.checkoutRequestId)).kind).toBe('processing');
    await daraja.state.answer(pushed.checkoutRequestId, 2001, { times: 0 });
    expect(await c.query(pushed.checkoutRequestId)).toMatchObject({
      kind: 'final',
      resultCode: 2001,
    });
  });

  it('never sends a push twice after a timeout: the outcome is unknown', async () => {
    const pushes = daraja.state.pushes.length;
    daraja.state.failNext('hang', { endpoint: 'push', when: 'after' });
    const outcome = await client().push(request);
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'no answer within 300 ms' });
    expect(daraja.state.pushes).toHaveLength(pushes + 1);
  });

  it('reports no push when Daraja cannot be reached at all', async () => {
    const nobody = client({ apiBase: 'http://127.0.0.1:9' });
    expect(await nobody.push(request)).toMatchObject({ kind: 'unavailable' });
  });

  it('reports a token Daraja refuses as unavailable, without the secret in the reason', async () => {
    const wrong = client({ consumerSecret: 'not-the-secret-at-all' });
    const outcome = await wrong.push(request);
    expect(outcome.kind).toBe('unavailable');
    expect(JSON.stringify(outcome)).not.toContain('not-the-secret-at-all');
  });

  it('keeps nothing secret in its record of a push and a query', async () => {
    const c = client({ initiatorName: 'api', securityCredential: 'security-credential-value' });
    const pushed = await c.push(request);
    if (pushed.kind !== 'accepted') throw new Error(pushed.kind);
    const queried = await c.query(pushed.checkoutRequestId);
    const record = JSON.stringify([pushed.log, queried.log]);
    const password = String(daraja.state.lastPush().body.Password);
    for (const secret of [DARAJA_CREDENTIALS.passkey, password, 's3cr3t-callback-value']) {
      expect(record).not.toContain(secret);
    }
    expect(record).toContain('1234'); // the amount is kept
  });

  it('pays money back by B2C only with initiator credentials (b2c/daraja.test.ts)', () => {
    expect(client().b2c).toBeUndefined();
    expect(client({ initiatorName: 'api', securityCredential: 'credential' }).b2c).toBeDefined();
  });
});

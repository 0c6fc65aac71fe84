// PayPalClient against the PayPal stand-in over loopback, and the stand-in's own protocol.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayPalClient, type CreatePaymentInput, type PayPalClientOptions } from './client.ts';
import {
  STAND_IN_CREDENTIALS,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../../test/stand-ins/paypal.ts';
import { PaymentProviderError } from '../provider.ts';

let standIn: PayPalStandIn;
let nextRequest = 0;

beforeEach(async () => {
  standIn = await startPayPalStandIn({ tokenTtlSeconds: 3600 });
});

afterEach(async () => {
  vi.useRealTimers();
  await standIn.close();
});

function provider(overrides: Partial<PayPalClientOptions> = {}): PayPalClient {
  return new PayPalClient({
    ...STAND_IN_CREDENTIALS,
    apiBase: standIn.url,
    currency: 'USD',
    kesPerUnit: 129,
    ...overrides,
  });
}

function payment(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  nextRequest += 1;
  return {
    orderId: 42,
    amountCents: 237_800,
    description: 'Duka order #42',
    returnUrl: 'http://127.0.0.1:5173/excute-payment',
    cancelUrl: 'http://127.0.0.1:5173/checkout?cancelled=1',
    requestId: `create-${nextRequest}`,
    ...overrides,
  };
}

/** Resolves to the PaymentProviderError the promise rejects with, or fails the test. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error: unknown = await promise.then(
    () => expect.fail('expected a PaymentProviderError'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

/** A fetch that remembers the headers of every request it sends. */
function recordingFetch(): { fetch: typeof fetch; headers: Headers[] } {
  const headers: Headers[] = [];
  return {
    headers,
    fetch: (input, init) => {
      headers.push(new Headers(init?.headers));
      return fetch(input, init);
    },
  };
}

async function approvedPayment(paypal: PayPalClient): Promise<{ id: string; payerId: string }> {
  const created = await paypal.createPayment(payment());
  return {
    id: created.providerPaymentId,
    payerId: standIn.state.approve(created.providerPaymentId),
  };
}

describe('PayPalClient: access tokens', () => {
  it('gets a token with the client credentials once and reuses it', async () => {
    const paypal = provider();
    await paypal.createPayment(payment());
    await paypal.createPayment(payment());
    expect(standIn.state.tokenRequests).toBe(1);
    expect(standIn.state.ordersCreated).toBe(2);
  });

  it('shares one token request between concurrent calls', async () => {
    const paypal = provider();
    await Promise.all([paypal.createPayment(payment()), paypal.createPayment(payment())]);
    expect(standIn.state.tokenRequests).toBe(1);
  });

  it('renews the token shortly before it expires, not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const paypal = provider();
    await paypal.createPayment(payment());
    vi.setSystemTime(start + 3_530_000); // 70 s left of the hour: still good
    await paypal.createPayment(payment());
    expect(standIn.state.tokenRequests).toBe(1);
    vi.setSystemTime(start + 3_590_000); // 10 s left: too close, renew first
    await paypal.createPayment(payment());
    expect(standIn.state.tokenRequests).toBe(2);
    expect(standIn.state.unauthorized).toBe(0);
  });

  it('replaces a token PayPal stopped accepting and retries the call once', async () => {
    const paypal = provider();
    await paypal.createPayment(payment());
    standIn.state.expireTokens();
    const created = await paypal.createPayment(payment());
    expect(created.providerPaymentId).toMatch(/^[0-9A-Z]{17}$/);
    expect(standIn.state.unauthorized).toBe(1);
    expect(standIn.state.tokenRequests).toBe(2);
    expect(standIn.state.ordersCreated).toBe(2);
  });

  it('refreshes a token that expired while cached', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const paypal = provider();
    await paypal.createPayment(payment());
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    await paypal.createPayment(payment());
    expect(standIn.state.tokenRequests).toBe(2);
    expect(standIn.state.ordersCreated).toBe(2);
  });

  it('fails clearly, and without the secret, when the credentials are wrong', async () => {
    const secret = 'not-the-secret-1234';
    const error = await providerError(provider({ clientSecret: secret }).createPayment(payment()));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/rejected the client credentials/);
    expect(error.message).not.toContain(secret);
    expect(standIn.state.ordersCreated).toBe(0);
  });

  it('never puts the access token in an error', async () => {
    const recorder = recordingFetch();
    const paypal = provider({ fetch: recorder.fetch });
    await paypal.createPayment(payment());
    standIn.state.failNextRequest('500');
    const error = await providerError(paypal.createPayment(payment()));
    const token = recorder.headers.at(-1)?.get('authorization')?.replace('Bearer ', '');
    expect(token).toMatch(/^A21AA/);
    expect(error.message).not.toContain(token);
    expect(JSON.stringify(error)).not.toContain(token);
  });
});

describe('PayPalClient: creating a payment', () => {
  it('creates an order in the settlement currency and answers the approval link', async () => {
    const created = await provider().createPayment(payment());
    expect(created).toEqual({
      providerPaymentId: expect.stringMatching(/^[0-9A-Z]{17}$/),
      approveUrl: `${standIn.url}/checkoutnow?token=${created.providerPaymentId}`,
      settlementCurrency: 'USD',
      settlementAmountMinor: 1843, // KES 2,378 / 129 = USD 18.434…
      exchangeRate: '129',
    });
    const order = standIn.state.orders.get(created.providerPaymentId);
    expect(order?.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order?.purchaseUnit).toEqual({
      reference_id: '42',
      custom_id: '42',
      description: 'Duka order #42',
      amount: { currency_code: 'USD', value: '18.43' },
    });
    expect(order?.returnUrl).toBe('http://127.0.0.1:5173/excute-payment');
    expect(order?.cancelUrl).toBe('http://127.0.0.1:5173/checkout?cancelled=1');
  });

  it('records a fractional rate as configured', async () => {
    const created = await provider({ kesPerUnit: 129.35, currency: 'EUR' }).createPayment(
      payment({ amountCents: 1_293_500 }),
    );
    expect(created.settlementAmountMinor).toBe(10_000);
    expect(created.settlementCurrency).toBe('EUR');
    expect(created.exchangeRate).toBe('129.35');
  });

  it("sends PayPal's headers", async () => {
    const recorder = recordingFetch();
    await provider({ fetch: recorder.fetch }).createPayment(payment({ requestId: 'order-42-a' }));
    const [token, create] = recorder.headers;
    const basic = Buffer.from(
      `${STAND_IN_CREDENTIALS.clientId}:${STAND_IN_CREDENTIALS.clientSecret}`,
    ).toString('base64');
    expect(token?.get('authorization')).toBe(`Basic ${basic}`);
    expect(token?.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(create?.get('authorization')).toMatch(/^Bearer A21AA/);
    expect(create?.get('paypal-request-id')).toBe('order-42-a');
    expect(create?.get('prefer')).toBe('return=representation');
    expect(create?.get('content-type')).toBe('application/json');
  });

  it('makes one order for one request id, however often it is asked', async () => {
    const paypal = provider();
    const input = payment();
    const first = await paypal.createPayment(input);
    const again = await paypal.createPayment(input);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect(again.approveUrl).toBe(first.approveUrl);
    expect(standIn.state.ordersCreated).toBe(1);
  });

  it('makes one order when the answer to the first request was lost', async () => {
    const paypal = provider();
    const input = payment();
    await paypal.createPayment(payment()); // a token first, so the next request is the create
    standIn.state.failNextRequest('network', 'after');
    const error = await providerError(paypal.createPayment(input));
    expect(error.retryable).toBe(true);
    expect(standIn.state.ordersCreated).toBe(2);
    await paypal.createPayment(input);
    expect(standIn.state.ordersCreated).toBe(2);
  });

  it('refuses to reuse a request id for another amount', async () => {
    const paypal = provider();
    const input = payment();
    await paypal.createPayment(input);
    const error = await providerError(paypal.createPayment({ ...input, amountCents: 300_000 }));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/USD 18\.43, not USD 23\.26/);
  });

  it('refuses amounts that are not positive cents without calling PayPal', async () => {
    const paypal = provider();
    for (const amountCents of [0, -100, 10.5]) {
      const error = await providerError(paypal.createPayment(payment({ amountCents })));
      expect(error.retryable).toBe(false);
    }
    expect(standIn.state.tokenRequests).toBe(0);
  });

  it('refuses a currency without decimals', () => {
    expect(() => provider({ currency: 'JPY' })).toThrow(RangeError);
  });
});

describe('PayPalClient: capturing a payment', () => {
  it('declines a payment the payer has not approved', async () => {
    const paypal = provider();
    const created = await paypal.createPayment(payment());
    const result = await paypal.capturePayment(created.providerPaymentId, { requestId: 'cap-1' });
    expect(result).toEqual({
      status: 'declined',
      reason: expect.stringMatching(/not approved.*ORDER_NOT_APPROVED/),
    });
    expect(standIn.state.captures).toBe(0);
  });

  it('captures an approved payment', async () => {
    const paypal = provider();
    const { id, payerId } = await approvedPayment(paypal);
    // The payer id comes from PayPal's answer, not from the browser's return URL.
    const result = await paypal.capturePayment(id, { requestId: 'cap-1' });
    const capture = standIn.state.orders.get(id)?.capture;
    expect(result).toEqual({
      status: 'captured',
      transactionId: capture?.id,
      payerId,
      capturedAt: new Date(capture?.createTime ?? ''),
    });
    expect(result.status === 'captured' && result.transactionId).toMatch(/^[0-9A-Z]{17}$/);
    expect(standIn.state.captures).toBe(1);
  });

  it('captures once however often it is asked, with the same or another request id', async () => {
    const paypal = provider();
    const { id } = await approvedPayment(paypal);
    const first = await paypal.capturePayment(id, { requestId: 'cap-1' });
    const same = await paypal.capturePayment(id, { requestId: 'cap-1' });
    const other = await paypal.capturePayment(id, { requestId: 'cap-2' });
    expect(first.status).toBe('captured');
    expect(same).toEqual(first);
    expect(other).toEqual(first);
    expect(standIn.state.captures).toBe(1);
  });

  it('captures once when the answer to the capture was lost', async () => {
    const paypal = provider();
    const { id } = await approvedPayment(paypal);
    standIn.state.failNextRequest('network', 'after');
    const error = await providerError(paypal.capturePayment(id, { requestId: 'cap-1' }));
    expect(error.retryable).toBe(true);
    expect(standIn.state.captures).toBe(1);
    const result = await paypal.capturePayment(id, { requestId: 'cap-1' });
    expect(result).toMatchObject({ status: 'captured', transactionId: expect.any(String) });
    expect(standIn.state.captures).toBe(1);
  });

  it('declines when PayPal declines the payment method', async () => {
    const paypal = provider();
    const { id } = await approvedPayment(paypal);
    standIn.state.declineNextCapture();
    const result = await paypal.capturePayment(id, { requestId: 'cap-1' });
    expect(result).toEqual({
      status: 'declined',
      reason: expect.stringMatching(/INSTRUMENT_DECLINED/),
    });
    expect(standIn.state.captures).toBe(0);
  });

  it('declines when the capture itself comes back DECLINED, and keeps saying so', async () => {
    const paypal = provider();
    const { id } = await approvedPayment(paypal);
    standIn.state.declineNextCapture('capture-declined');
    const result = await paypal.capturePayment(id, { requestId: 'cap-1' });
    expect(result).toEqual({ status: 'declined', reason: expect.stringMatching(/DECLINED/) });
    const again = await paypal.capturePayment(id, { requestId: 'cap-2' });
    expect(again.status).toBe('declined');
    expect(standIn.state.captures).toBe(0);
  });

  it('fails without retry for an order PayPal does not know', async () => {
    const error = await providerError(
      provider().capturePayment('NO0SUCH0ORDER0ID0', { requestId: 'cap-1' }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/HTTP 404.*INVALID_RESOURCE_ID/);
  });
});

describe('PayPalClient: failures that say nothing about the payment', () => {
  it('reports a dropped connection as retryable', async () => {
    const paypal = provider();
    const { id } = await approvedPayment(paypal);
    standIn.state.failNextRequest('network');
    const error = await providerError(paypal.capturePayment(id, { requestId: 'cap-1' }));
    expect(error.retryable).toBe(true);
    expect(standIn.state.captures).toBe(0);
    await expect(paypal.capturePayment(id, { requestId: 'cap-1' })).resolves.toMatchObject({
      status: 'captured',
    });
  });

  it('reports a 500 as retryable', async () => {
    const paypal = provider();
    const { id } = await approvedPayment(paypal);
    standIn.state.failNextRequest('500');
    const error = await providerError(paypal.capturePayment(id, { requestId: 'cap-1' }));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/HTTP 500.*INTERNAL_SERVER_ERROR/);
  });

  it('reports a timeout as retryable', async () => {
    const paypal = provider({ timeoutMs: 200 });
    await paypal.createPayment(payment());
    standIn.state.failNextRequest('hang');
    const error = await providerError(paypal.createPayment(payment()));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/no answer within 200 ms/);
  });

  it('reports an unreachable PayPal as retryable', async () => {
    const gone = await startPayPalStandIn();
    await gone.close();
    const error = await providerError(provider({ apiBase: gone.url }).createPayment(payment()));
    expect(error.retryable).toBe(true);
  });
});

describe('PayPal stand-in', () => {
  async function token(): Promise<string> {
    const basic = Buffer.from(
      `${STAND_IN_CREDENTIALS.clientId}:${STAND_IN_CREDENTIALS.clientSecret}`,
    ).toString('base64');
    const response = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
    const json = (await response.json()) as { access_token: string; expires_in: number };
    expect(json.expires_in).toBe(3600);
    return json.access_token;
  }

  function createOrder(headers: Record<string, string>, body: string): Promise<Response> {
    return fetch(`${standIn.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
  }

  const orderBody = (value = '10.00', currency = 'USD') =>
    JSON.stringify({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: currency, value } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'http://127.0.0.1:5173/excute-payment?from=paypal',
            cancel_url: 'http://127.0.0.1:5173/checkout',
          },
        },
      },
    });

  it('refuses wrong client credentials and a missing grant type', async () => {
    const wrong = Buffer.from('stand-in-client-id:nope').toString('base64');
    const denied = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${wrong}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: 'invalid_client' });
    const right = Buffer.from('stand-in-client-id:stand-in-client-secret').toString('base64');
    const noGrant = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${right}` },
    });
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses API calls without a valid bearer token', async () => {
    const missing = await createOrder({}, orderBody());
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    const unknown = await createOrder({ Authorization: 'Bearer made-up' }, orderBody());
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_token' });
    expect(standIn.state.ordersCreated).toBe(0);
  });

  it('expires tokens after expires_in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const bearer = { Authorization: `Bearer ${await token()}` };
    expect((await createOrder(bearer, orderBody())).status).toBe(201);
    vi.setSystemTime(Date.now() + 3_601_000);
    expect((await createOrder(bearer, orderBody())).status).toBe(401);
  });

  it('refuses bad JSON, a wrong schema and amounts PayPal cannot take', async () => {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const malformed = await createOrder(bearer, '{"intent":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'MALFORMED_REQUEST_JSON' }],
    });
    const noUnits = await createOrder(bearer, JSON.stringify({ intent: 'CAPTURE' }));
    expect(noUnits.status).toBe(400);
    expect(await noUnits.json()).toMatchObject({
      details: [{ field: '/purchase_units', issue: 'MISSING_REQUIRED_PARAMETER' }],
    });
    const cases: [string, string, string][] = [
      ['10.00', 'KES', 'CURRENCY_NOT_SUPPORTED'],
      ['10.001', 'USD', 'DECIMAL_PRECISION'],
      ['0.00', 'USD', 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ];
    for (const [value, currency, issue] of cases) {
      const response = await createOrder(bearer, orderBody(value, currency));
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ details: [{ issue }] });
    }
    expect(standIn.state.ordersCreated).toBe(0);
  });

  it('lets the payer approve on the checkout page, back to return_url with token and PayerID', async () => {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const created = (await (await createOrder(bearer, orderBody())).json()) as {
      id: string;
      links: { rel: string; href: string }[];
    };
    const approveLink = created.links.find((l) => l.rel === 'payer-action')?.href ?? '';
    const pageResponse = await fetch(approveLink);
    expect(pageResponse.status).toBe(200);
    expect(await pageResponse.text()).toContain('USD 10.00');
    const approve = await fetch(`${standIn.url}/checkoutnow/approve?token=${created.id}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(approve.status).toBe(302);
    const back = new URL(approve.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:5173/excute-payment');
    expect(back.searchParams.get('from')).toBe('paypal');
    expect(back.searchParams.get('token')).toBe(created.id);
    expect(back.searchParams.get('PayerID')).toMatch(/^[0-9A-Z]{13}$/);
    expect(standIn.state.orders.get(created.id)?.status).toBe('APPROVED');
  });

  it('captures once: the same request id replays, another one is refused', async () => {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const created = (await (await createOrder(bearer, orderBody())).json()) as { id: string };
    standIn.state.approve(created.id);
    const capture = (requestId: string) =>
      fetch(`${standIn.url}/v2/checkout/orders/${created.id}/capture`, {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json', 'PayPal-Request-Id': requestId },
      });
    type Captured = { status: string; purchase_units: { payments: { captures: unknown[] } }[] };
    const first = await capture('cap-1');
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as Captured;
    expect(firstBody.status).toBe('COMPLETED');
    const replay = await capture('cap-1');
    expect(replay.status).toBe(201);
    const replayBody = (await replay.json()) as Captured;
    expect(replayBody.purchase_units).toEqual(firstBody.purchase_units);
    const other = await capture('cap-2');
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    expect(standIn.state.captures).toBe(1);
  });

  it('sends a cancelling payer to cancel_url with the token', async () => {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const created = (await (await createOrder(bearer, orderBody())).json()) as { id: string };
    const cancel = await fetch(`${standIn.url}/checkoutnow/cancel?token=${created.id}`, {
      redirect: 'manual',
    });
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get('location')).toBe(
      `http://127.0.0.1:5173/checkout?token=${created.id}`,
    );
    expect(standIn.state.orders.get(created.id)?.status).toBe('PAYER_ACTION_REQUIRED');
  });
});

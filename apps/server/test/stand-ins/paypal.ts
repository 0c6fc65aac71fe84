// A stand-in for PayPal's REST API, for tests and for running the PayPal checkout on a laptop with
// no PayPal account: OAuth client credentials, Orders v2 create / show / capture with
// PayPal-Request-Id, and a checkout page where the "payer" approves or cancels. It answers in
// PayPal's shapes and refuses what PayPal refuses for the calls we make. It listens on loopback
// only and keeps everything in memory.
import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export const STAND_IN_CREDENTIALS = {
  clientId: 'stand-in-client-id',
  clientSecret: 'stand-in-client-secret',
} as const;

/** PayPal's own token lifetime: nine hours. */
const DEFAULT_TOKEN_TTL_SECONDS = 32_400;
const MAX_BODY_BYTES = 1024 * 1024;
/** Currencies PayPal accepts (KES is not one of them), and those it takes without decimals. */
const SUPPORTED_CURRENCIES = new Set(
  (
    'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF ' +
    'THB USD'
  ).split(' '),
);
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

export type StandInFailure = 'network' | '500' | 'hang';
export type StandInDecline = 'instrument-declined' | 'capture-declined';
type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

export interface StandInCapture {
  readonly id: string;
  readonly status: 'COMPLETED' | 'DECLINED';
  readonly createTime: string;
}

export interface StandInOrder {
  readonly id: string;
  status: OrderStatus;
  readonly purchaseUnit: PurchaseUnit;
  readonly returnUrl: string | null;
  readonly cancelUrl: string | null;
  /** 'payer-action' when created with payment_source.paypal, 'approve' otherwise. */
  readonly approveRel: 'payer-action' | 'approve';
  payerId: string | null;
  capture: StandInCapture | null;
  readonly createTime: string;
  updateTime: string;
}

/** What tests read and the knobs they turn. */
export interface StandInState {
  readonly ordersCreated: number;
  /** Successful captures, however many times they were asked for. */
  readonly captures: number;
  readonly tokenRequests: number;
  /** Refunds made (POST /v2/payments/captures/{id}/refund), all or part of a capture. */
  readonly refunds: number;
  readonly refundList: readonly {
    id: string;
    captureId: string;
    requestId: string | undefined;
    amountMinor: number;
  }[];
  /** Refuse refunds, as PayPal does when the merchant's balance cannot cover them. */
  refusingRefunds: boolean;
  /** API calls answered 401: no, unknown or expired bearer token. */
  readonly unauthorized: number;
  readonly orders: ReadonlyMap<string, StandInOrder>;
  /** Approves an order as the payer would on the checkout page; answers the payer id. */
  approve(orderId: string): string;
  /** The next capture fails: 422 INSTRUMENT_DECLINED, or a capture with status DECLINED. */
  declineNextCapture(mode?: StandInDecline): void;
  /**
   * The next request of any kind fails: 'network' destroys the socket without answering, '500'
   * answers 500, 'hang' never answers. 'after' does the work first and then loses the answer.
   */
  failNextRequest(kind: StandInFailure, when?: 'before' | 'after'): void;
  /** Revokes every access token issued so far, as PayPal may before expires_in. */
  expireTokens(): void;
  /** Captures take this long to answer (a slow PayPal); 0 for at once. */
  captureDelayMs: number;
}

export interface PayPalStandIn {
  url: string;
  close(): Promise<void>;
  state: StandInState;
}

export interface PayPalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
}

const amountSchema = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z
    .string()
    .max(32)
    .regex(/^\d+(\.\d+)?$/),
});

const purchaseUnitSchema = z.object({
  reference_id: z.string().min(1).max(256).optional(),
  custom_id: z.string().max(127).optional(),
  description: z.string().max(127).optional(),
  amount: amountSchema,
});
type PurchaseUnit = z.infer<typeof purchaseUnitSchema>;

const webUrl = z.url({ protocol: /^https?$/ });
const redirectUrlsSchema = z.object({
  return_url: webUrl.optional(),
  cancel_url: webUrl.optional(),
});

const createOrderSchema = z.object({
  // PayPal also knows AUTHORIZE; the stand-in only does what Duka uses.
  intent: z.literal('CAPTURE'),
  purchase_units: z.array(purchaseUnitSchema).min(1).max(10),
  payment_source: z
    .object({
      paypal: z.object({
        experience_context: redirectUrlsSchema
          .extend({
            user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
            shipping_preference: z
              .enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'])
              .optional(),
            brand_name: z.string().min(1).max(127).optional(),
          })
          .optional(),
      }),
    })
    .optional(),
  // The older way to give the redirect URLs, still accepted by PayPal.
  application_context: redirectUrlsSchema.optional(),
});
type CreateOrder = z.infer<typeof createOrderSchema>;

interface Incoming {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  location?: string;
}

interface Detail {
  field?: string;
  location?: string;
  issue: string;
  description: string;
}

const MESSAGES: Record<number, [string, string]> = {
  400: [
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
  ],
  401: [
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  ],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'The server does not support the request payload media type.'],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error occurred.'],
};

class StandIn implements StandInState {
  ordersCreated = 0;
  captures = 0;
  tokenRequests = 0;
  unauthorized = 0;
  captureDelayMs = 0;
  readonly orders = new Map<string, StandInOrder>();
  readonly refundList: {
    id: string;
    captureId: string;
    requestId: string | undefined;
    amountMinor: number;
  }[] = [];
  /** Refuse refunds as PayPal does when the merchant's balance cannot cover them. */
  refusingRefunds = false;
  get refunds(): number {
    return this.refundList.length;
  }
  url = '';
  private readonly tokens = new Map<string, number>();
  /** PayPal-Request-Id → the order that request made or captured. */
  private readonly createRequests = new Map<string, string>();
  private readonly captureRequests = new Map<string, string>();
  private nextDecline: StandInDecline | null = null;
  private nextFailure: { kind: StandInFailure; when: 'before' | 'after' } | null = null;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly tokenTtlSeconds: number,
  ) {}

  approve(orderId: string): string {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no stand-in order ${orderId}`);
    if (order.status === 'COMPLETED') throw new Error(`stand-in order ${orderId} is completed`);
    order.payerId ??= randomId(13);
    order.status = 'APPROVED';
    order.updateTime = now();
    return order.payerId;
  }

  declineNextCapture(mode: StandInDecline = 'instrument-declined'): void {
    this.nextDecline = mode;
  }

  failNextRequest(kind: StandInFailure, when: 'before' | 'after' = 'before'): void {
    this.nextFailure = { kind, when };
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const failure = this.nextFailure;
    this.nextFailure = null;
    if (failure?.when === 'before') return fail(failure.kind, req, res);
    const reply = await this.answer(req);
    if (failure?.when === 'after') return fail(failure.kind, req, res);
    send(res, reply);
  }

  private async answer(req: IncomingMessage): Promise<Reply> {
    const body = await readBody(req);
    if (body === null) return apiError(413, 'Request body too large');
    const url = new URL(req.url ?? '/', this.url);
    if (this.captureDelayMs > 0 && url.pathname.endsWith('/capture')) {
      await new Promise((resolve) => setTimeout(resolve, this.captureDelayMs));
    }
    return this.route({ method: req.method ?? 'GET', url, headers: req.headers, body });
  }

  private route(req: Incoming): Reply {
    const { method, url } = req;
    if (url.pathname === '/v1/oauth2/token' && method === 'POST') return this.issueToken(req);
    if (url.pathname === '/checkoutnow' && method === 'GET') return this.checkoutPage(url);
    if (url.pathname === '/checkoutnow/approve' && method === 'POST') return this.approved(url);
    if (url.pathname === '/checkoutnow/cancel' && method === 'GET') return this.cancelled(url);
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
    if (refund && method === 'POST') {
      const denied = this.authenticate(req.headers.authorization);
      return denied ?? this.refundCapture(decodeURIComponent(refund[1]!), req);
    }
    const match = /^\/v2\/checkout\/orders(?:\/([^/]+)(\/capture)?)?$/.exec(url.pathname);
    if (!match) return apiError(404);
    const denied = this.authenticate(req.headers.authorization);
    if (denied) return denied;
    const orderId = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (orderId === undefined && method === 'POST') return this.createOrder(req);
    if (orderId !== undefined && match[2] && method === 'POST') return this.capture(orderId, req);
    if (orderId !== undefined && !match[2] && method === 'GET') return this.showOrder(orderId);
    return apiError(404);
  }

  // ------------------------------------------------------------------ OAuth 2

  private issueToken(req: Incoming): Reply {
    this.tokenRequests += 1;
    if (!this.validClient(req.headers.authorization)) {
      return oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    // PayPal reads grant_type only from a form body.
    const form = isContentType(req.headers, 'application/x-www-form-urlencoded')
      ? new URLSearchParams(req.body)
      : new URLSearchParams();
    const grantType = form.get('grant_type');
    if (grantType !== 'client_credentials') {
      const description = grantType === null ? 'Grant Type is NULL' : 'Unsupported grant type';
      return oauthError(400, 'unsupported_grant_type', description);
    }
    const token = `A21AA${randomBytes(32).toString('base64url')}`;
    this.tokens.set(token, Date.now() + this.tokenTtlSeconds * 1000);
    const json = {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-STANDIN0000000',
      expires_in: this.tokenTtlSeconds,
      nonce: `${now()}${randomBytes(16).toString('base64url')}`,
    };
    return { status: 200, json };
  }

  private validClient(header: string | undefined): boolean {
    const encoded = /^Basic (\S+)$/.exec(header ?? '')?.[1];
    if (!encoded) return false;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return (
      colon > 0 &&
      decoded.slice(0, colon) === this.clientId &&
      decoded.slice(colon + 1) === this.clientSecret
    );
  }

  private authenticate(header: string | undefined): Reply | null {
    const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : this.tokens.get(token);
    if (token !== undefined && expiresAt !== undefined && Date.now() < expiresAt) return null;
    this.unauthorized += 1;
    if (token === undefined) return apiError(401);
    const description =
      expiresAt === undefined
        ? 'Token signature verification failed'
        : 'Access Token not found in cache';
    return oauthError(401, 'invalid_token', description);
  }

  // ------------------------------------------------------------------ Orders v2

  private createOrder(req: Incoming): Reply {
    const parsed = parseJsonBody(req, false);
    if ('reply' in parsed) return parsed.reply;
    const requestId = headerValue(req.headers, 'paypal-request-id');
    const earlier = requestId === undefined ? undefined : this.createRequests.get(requestId);
    const earlierOrder = earlier === undefined ? undefined : this.orders.get(earlier);
    // A known request id answers the order it made, in its latest state, never a second one.
    if (earlierOrder) return { status: 200, json: this.orderView(earlierOrder, req) };
    const input = createOrderSchema.safeParse(parsed.value);
    if (!input.success) return apiError(400, undefined, schemaDetails(input.error, parsed.value));
    const unit = input.data.purchase_units[0];
    const invalid = unit ? amountProblem(unit.amount) : null;
    if (invalid) return apiError(422, undefined, [invalid]);
    const order = this.storeOrder(input.data);
    if (requestId !== undefined) this.createRequests.set(requestId, order.id);
    return { status: 201, json: this.orderView(order, req) };
  }

  private storeOrder(input: CreateOrder): StandInOrder {
    const context = input.payment_source?.paypal.experience_context ?? input.application_context;
    const unit = input.purchase_units[0];
    if (!unit) throw new Error('purchase_units was checked to be non-empty');
    const time = now();
    const order: StandInOrder = {
      id: randomId(17),
      status: input.payment_source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchaseUnit: { ...unit, reference_id: unit.reference_id ?? 'default' },
      returnUrl: context?.return_url ?? null,
      cancelUrl: context?.cancel_url ?? null,
      approveRel: input.payment_source ? 'payer-action' : 'approve',
      payerId: null,
      capture: null,
      createTime: time,
      updateTime: time,
    };
    this.orders.set(order.id, order);
    this.ordersCreated += 1;
    return order;
  }

  private showOrder(orderId: string): Reply {
    const order = this.orders.get(orderId);
    if (!order) return orderNotFound();
    return { status: 200, json: this.fullView(order) };
  }

  private capture(orderId: string, req: Incoming): Reply {
    const parsed = parseJsonBody(req, true);
    if ('reply' in parsed) return parsed.reply;
    const order = this.orders.get(orderId);
    if (!order) return orderNotFound();
    const requestId = headerValue(req.headers, 'paypal-request-id');
    const key = requestId === undefined ? undefined : `${orderId} ${requestId}`;
    if (key !== undefined && this.captureRequests.has(key)) {
      return { status: 201, json: this.fullView(order) };
    }
    if (order.capture) return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    const decline = this.nextDecline;
    this.nextDecline = null;
    // The payer may pick another funding source and approve again: the order stays approved.
    if (decline === 'instrument-declined') return unprocessable('INSTRUMENT_DECLINED');
    const status = decline === 'capture-declined' ? 'DECLINED' : 'COMPLETED';
    order.capture = { id: randomId(17), status, createTime: now() };
    order.status = 'COMPLETED';
    order.updateTime = order.capture.createTime;
    if (status === 'COMPLETED') this.captures += 1;
    if (key !== undefined) this.captureRequests.set(key, orderId);
    return { status: 201, json: this.fullView(order) };
  }

  /**
   * A refund of a completed capture, all of what is left or `amount` of it (Payments v2); more
   * than is left is refused, and a known request id answers the same refund again.
   */
  private refundCapture(captureId: string, req: Incoming): Reply {
    const order = [...this.orders.values()].find((o) => o.capture?.id === captureId);
    if (!order?.capture || order.capture.status !== 'COMPLETED') return apiError(404);
    const requestId = headerValue(req.headers, 'paypal-request-id');
    const earlier = this.refundList.find(
      (r) => r.captureId === captureId && requestId !== undefined && r.requestId === requestId,
    );
    if (earlier) return { status: 201, json: { id: earlier.id, status: 'COMPLETED' } };
    const body = parseJsonBody(req, true);
    if ('reply' in body) return body.reply;
    const asked = z.object({ amount: amountSchema.optional() }).safeParse(body.value);
    if (!asked.success) return apiError(400);
    const minor = (value: string) => Math.round(Number(value) * 100);
    const captured = minor(order.purchaseUnit.amount.value);
    const refunded = this.refundList
      .filter((r) => r.captureId === captureId)
      .reduce((sum, r) => sum + r.amountMinor, 0);
    const left = captured - refunded;
    if (left <= 0) return unprocessable('CAPTURE_FULLY_REFUNDED');
    const amountMinor = asked.data.amount ? minor(asked.data.amount.value) : left;
    if (
      asked.data.amount &&
      asked.data.amount.currency_code !== order.purchaseUnit.amount.currency_code
    ) {
      return unprocessable('REFUND_CURRENCY_MISMATCH');
    }
    if (amountMinor <= 0 || amountMinor > left) return unprocessable('REFUND_AMOUNT_EXCEEDED');
    if (this.refusingRefunds) return unprocessable('REFUND_FAILED_INSUFFICIENT_FUNDS');
    const refund = { id: randomId(17), captureId, requestId, amountMinor };
    this.refundList.push(refund);
    const value = (amountMinor / 100).toFixed(2);
    return {
      status: 201,
      json: {
        id: refund.id,
        status: 'COMPLETED',
        amount: { currency_code: order.purchaseUnit.amount.currency_code, value },
      },
    };
  }

  private orderView(order: StandInOrder, req: Incoming): unknown {
    const prefer = headerValue(req.headers, 'prefer') ?? '';
    if (prefer.includes('return=representation')) return this.fullView(order);
    const source = order.approveRel === 'payer-action' ? { payment_source: { paypal: {} } } : {};
    return { id: order.id, status: order.status, ...source, links: this.links(order) };
  }

  private fullView(order: StandInOrder): unknown {
    const unit = order.purchaseUnit;
    const capture = order.capture && {
      id: order.capture.id,
      status: order.capture.status,
      amount: unit.amount,
      final_capture: true,
      custom_id: unit.custom_id,
      create_time: order.capture.createTime,
      update_time: order.capture.createTime,
    };
    const payer = order.payerId && {
      payer_id: order.payerId,
      email_address: `payer-${order.payerId.toLowerCase()}@stand-in.test`,
      name: { given_name: 'Stand-in', surname: 'Payer' },
    };
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      payment_source: { paypal: payer ? { account_id: payer.payer_id, ...payer } : {} },
      purchase_units: [
        {
          ...unit,
          payee: { merchant_id: 'STANDINMERCHANT' },
          ...(capture ? { payments: { captures: [capture] } } : {}),
        },
      ],
      ...(payer ? { payer } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: this.links(order),
    };
  }

  private links(order: StandInOrder): unknown[] {
    const self = `${this.url}/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      const href = `${this.url}/checkoutnow?token=${order.id}`;
      links.push({ href, rel: order.approveRel, method: 'GET' });
    }
    if (order.status === 'APPROVED') {
      links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
    }
    return links;
  }

  // ------------------------------------------------------------------ the payer's pages

  private checkoutPage(url: URL): Reply {
    const order = this.orders.get(url.searchParams.get('token') ?? '');
    if (!order) return page(404, 'Unknown order', '<p>This payment link is not valid.</p>');
    if (order.status === 'COMPLETED') return page(422, 'Already paid', '<p>Already paid.</p>');
    const token = encodeURIComponent(order.id);
    const { amount, description } = order.purchaseUnit;
    return page(
      200,
      'Pay with PayPal (stand-in)',
      `<p>${escapeHtml(description ?? '')}</p>
<p>Amount: <strong>${escapeHtml(`${amount.currency_code} ${amount.value}`)}</strong></p>
<form method="post" action="/checkoutnow/approve?token=${token}">
  <button type="submit" id="approve">Pay now</button>
</form>
<p><a id="cancel" href="/checkoutnow/cancel?token=${token}">Cancel and return to the shop</a></p>`,
    );
  }

  private approved(url: URL): Reply {
    const order = this.orders.get(url.searchParams.get('token') ?? '');
    if (!order) return page(404, 'Unknown order', '<p>This payment link is not valid.</p>');
    if (order.status === 'COMPLETED') return page(422, 'Already paid', '<p>Already paid.</p>');
    const payerId = this.approve(order.id);
    if (!order.returnUrl) return page(200, 'Approved', '<p>Payment approved.</p>');
    const target = new URL(order.returnUrl);
    target.searchParams.set('token', order.id);
    target.searchParams.set('PayerID', payerId);
    return { status: 302, location: target.toString() };
  }

  private cancelled(url: URL): Reply {
    const order = this.orders.get(url.searchParams.get('token') ?? '');
    if (!order) return page(404, 'Unknown order', '<p>This payment link is not valid.</p>');
    if (!order.cancelUrl) return page(200, 'Cancelled', '<p>Payment cancelled.</p>');
    const target = new URL(order.cancelUrl);
    target.searchParams.set('token', order.id);
    return { status: 302, location: target.toString() };
  }
}

export async function startPayPalStandIn(
  options: PayPalStandInOptions = {},
): Promise<PayPalStandIn> {
  const state = new StandIn(
    options.clientId ?? STAND_IN_CREDENTIALS.clientId,
    options.clientSecret ?? STAND_IN_CREDENTIALS.clientSecret,
    options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
  );
  const server = createServer((req, res) => {
    state.handle(req, res).catch(() => {
      if (!res.headersSent) send(res, apiError(500));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  return {
    url: state.url,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive and deliberately hung connections would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

// -------------------------------------------------------------------- helpers

function fail(kind: StandInFailure, req: IncomingMessage, res: ServerResponse): void {
  if (kind === 'network') req.socket.destroy();
  else if (kind === '500') send(res, apiError(500));
  // 'hang': leave the request unanswered until the client gives up or the server closes.
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.location !== undefined) {
    res.writeHead(reply.status, { location: reply.location }).end();
  } else if (reply.html !== undefined) {
    res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' }).end(reply.html);
  } else {
    res
      .writeHead(reply.status, {
        'content-type': 'application/json',
        'paypal-debug-id': randomBytes(7).toString('hex'),
      })
      .end(JSON.stringify(reply.json));
  }
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isContentType(headers: IncomingHttpHeaders, type: string): boolean {
  return (headerValue(headers, 'content-type') ?? '').toLowerCase().split(';')[0]?.trim() === type;
}

/** A JSON body; capture may have none at all. */
function parseJsonBody(
  req: Incoming,
  emptyAllowed: boolean,
): { value: unknown } | { reply: Reply } {
  if (emptyAllowed && req.body.trim() === '') return { value: {} };
  if (!isContentType(req.headers, 'application/json')) return { reply: apiError(415) };
  try {
    return { value: JSON.parse(req.body) };
  } catch {
    const detail = {
      field: '/',
      location: 'body',
      issue: 'MALFORMED_REQUEST_JSON',
      description: 'The request JSON is not well formed.',
    };
    return { reply: apiError(400, undefined, [detail]) };
  }
}

function schemaDetails(error: z.ZodError, body: unknown): Detail[] {
  return error.issues.map((issue) => ({
    field: `/${issue.path.map(String).join('/')}`,
    location: 'body',
    issue:
      valueAt(body, issue.path) === undefined
        ? 'MISSING_REQUIRED_PARAMETER'
        : 'INVALID_PARAMETER_VALUE',
    description: issue.message,
  }));
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** PayPal's business checks on an amount, after the schema has passed. */
function amountProblem(amount: PurchaseUnit['amount']): Detail | null {
  const field = "/purchase_units/@reference_id=='default'/amount";
  const decimals = amount.value.split('.')[1]?.length ?? 0;
  if (!SUPPORTED_CURRENCIES.has(amount.currency_code)) {
    return {
      field,
      issue: 'CURRENCY_NOT_SUPPORTED',
      description: 'Currency code is not supported.',
    };
  }
  if (ZERO_DECIMAL_CURRENCIES.has(amount.currency_code) && decimals > 0) {
    return {
      field,
      issue: 'DECIMALS_NOT_SUPPORTED',
      description: 'Currency does not support decimals.',
    };
  }
  if (decimals > 2) {
    return { field, issue: 'DECIMAL_PRECISION', description: 'The value has too many decimals.' };
  }
  if (Number(amount.value) <= 0) {
    return {
      field,
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      description: 'Must be greater than zero.',
    };
  }
  return null;
}

const ISSUE_DESCRIPTIONS: Record<string, string> = {
  ORDER_ALREADY_CAPTURED:
    "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_NOT_APPROVED:
    'Payer has not yet approved the Order for payment. Please redirect the payer to the ' +
    "'rel':'payer-action' url returned as part of the HATEOAS links within the Create Order call.",
  INSTRUMENT_DECLINED:
    "The instrument presented was either declined by the processor or bank, or it can't be used " +
    'for this payment.',
};

function unprocessable(issue: string): Reply {
  return apiError(422, undefined, [{ issue, description: ISSUE_DESCRIPTIONS[issue] ?? issue }]);
}

function orderNotFound(): Reply {
  const description =
    'Specified resource ID does not exist. Please check the resource ID and try again.';
  return apiError(404, undefined, [
    { field: 'order_id', location: 'path', issue: 'INVALID_RESOURCE_ID', description },
  ]);
}

function apiError(status: number, message?: string, details?: Detail[]): Reply {
  const [name, standard] = MESSAGES[status] ?? ['ERROR', 'Error'];
  const json = {
    name,
    message: message ?? standard,
    debug_id: randomBytes(7).toString('hex'),
    ...(details ? { details } : {}),
  };
  return { status, json };
}

function oauthError(status: number, error: string, description: string): Reply {
  return { status, json: { error, error_description: description } };
}

function page(status: number, title: string, body: string): Reply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
  return { status, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Upper-case alphanumeric ids like PayPal's (17 characters for orders and captures). */
function randomId(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC.charAt(byte % 36)).join('');
}

function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

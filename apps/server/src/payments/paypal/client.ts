// PayPal through its REST API: OAuth 2 client credentials, then Orders v2 create and capture, each
// with a PayPal-Request-Id so that a retry never makes a second order or a second capture.
// Errors never carry the client secret or an access token.
import { z } from 'zod';
import { ClientCredentialsToken, type IssuedToken } from '../../lib/oauth-token.ts';
import { PaymentProviderError } from '../provider.ts';
import { convertKesCents, formatMinor, parseMinor } from './currency.ts';

export interface CreatePaymentInput {
  orderId: number;
  /** What the shopper owes, in KES cents (integer). */
  amountCents: number;
  description: string;
  /** Where PayPal sends the browser after approval / cancellation. */
  returnUrl: string;
  cancelUrl: string;
  /** Idempotency key: the same key never creates two orders at PayPal. */
  requestId: string;
}

export interface CreatedPayment {
  /** PayPal's order id. */
  providerPaymentId: string;
  /** Where to send the browser. */
  approveUrl: string;
  /** e.g. 'USD'. */
  settlementCurrency: string;
  /** Integer minor units in settlementCurrency. */
  settlementAmountMinor: number;
  /** e.g. '129' (KES per unit). */
  exchangeRate: string;
}

export type CaptureResult =
  | { status: 'captured'; transactionId: string; payerId: string | null; capturedAt: Date }
  | { status: 'declined'; reason: string };

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com or https://api-m.paypal.com */
  apiBase: string;
  /** The settlement currency, e.g. 'USD'; it must have two decimals. */
  currency: string;
  /** Shillings for one unit of the settlement currency. */
  kesPerUnit: number;
  fetch?: typeof fetch;
  /** Per HTTP request, body included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/** PayPal's limits on the PayPal-Request-Id header and on a purchase unit's description. */
const MAX_REQUEST_ID_LENGTH = 108;
const MAX_DESCRIPTION_LENGTH = 127;
/** Currencies PayPal takes without decimals: our minor-unit arithmetic would be 100× off. */
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

/** Capture errors that mean "the payer cannot pay this way", with what to tell them. */
const DECLINE_REASONS: ReadonlyMap<string, string> = new Map([
  ['ORDER_NOT_APPROVED', 'The payer has not approved the payment at PayPal.'],
  ['INSTRUMENT_DECLINED', 'PayPal declined the payment method; the payer can choose another.'],
  ['REDIRECT_PAYER_FOR_ALTERNATE_FUNDING', 'PayPal declined the payment method.'],
  ['TRANSACTION_REFUSED', 'PayPal refused the transaction.'],
  ['PAYER_CANNOT_PAY', 'The payer cannot pay with PayPal for this order.'],
  ['CARD_EXPIRED', 'The card has expired.'],
  ['MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED', 'Too many payment attempts for this order.'],
  ['PAYER_ACCOUNT_RESTRICTED', "The payer's PayPal account is restricted."],
  ['PAYER_ACCOUNT_LOCKED_OR_CLOSED', "The payer's PayPal account is locked or closed."],
  ['PAYEE_BLOCKED_TRANSACTION', 'The transaction was blocked by fraud settings.'],
  ['COMPLIANCE_VIOLATION', 'PayPal refused the transaction for compliance reasons.'],
]);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
  // The OAuth endpoint answers in RFC 6749's shape instead.
  error: z.string().optional(),
  error_description: z.string().optional(),
});
type PayPalError = z.infer<typeof errorSchema>;

const amountSchema = z.object({ currency_code: z.string(), value: z.string() });

const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  payer: z.object({ payer_id: z.string().optional() }).optional(),
  purchase_units: z
    .array(
      z.object({
        amount: amountSchema.optional(),
        payments: z
          .object({
            captures: z
              .array(
                z.object({
                  id: z.string().min(1),
                  status: z.string(),
                  create_time: z.string().optional(),
                }),
              )
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});
type PayPalOrder = z.infer<typeof orderSchema>;

const refundSchema = z.object({ id: z.string().min(1), status: z.string() });
type Amount = z.infer<typeof amountSchema>;

interface ApiResponse {
  status: number;
  body: unknown;
}

interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  requestId?: string;
}

/** PayPal's Orders v2 and Payments v2 APIs, as the shop uses them. */
export class PayPalClient {
  private readonly apiBase: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly token = new ClientCredentialsToken(() => this.requestToken());

  constructor(private readonly options: PayPalClientOptions) {
    if (!/^[A-Z]{3}$/.test(options.currency) || ZERO_DECIMAL_CURRENCIES.has(options.currency)) {
      throw new RangeError(`PayPal settlement currency must be a two-decimal ISO code`);
    }
    if (!Number.isFinite(options.kesPerUnit) || options.kesPerUnit <= 0) {
      throw new RangeError('PayPal exchange rate must be a positive number');
    }
    this.apiBase = new URL(options.apiBase).toString().replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    checkRequestId(input.requestId);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError(`cannot charge ${input.amountCents} cents`, false);
    }
    const minor = convertKesCents(input.amountCents, this.options.kesPerUnit);
    const amount = { currency_code: this.options.currency, value: formatMinor(minor) };
    const response = await this.call({
      method: 'POST',
      path: '/v2/checkout/orders',
      requestId: input.requestId,
      body: orderRequest(input, amount),
    });
    if (!isSuccess(response.status)) throw failure('create order', response);
    const order = parseOrder(response.body, 'create order');
    checkSameAmount(order, amount);
    return {
      providerPaymentId: order.id,
      approveUrl: approveLink(order),
      settlementCurrency: this.options.currency,
      settlementAmountMinor: minor,
      exchangeRate: String(this.options.kesPerUnit),
    };
  }

  async capturePayment(
    providerPaymentId: string,
    options: { requestId: string; payerId?: string | undefined },
  ): Promise<CaptureResult> {
    checkRequestId(options.requestId);
    const response = await this.call({
      method: 'POST',
      path: `${orderPath(providerPaymentId)}/capture`,
      requestId: options.requestId,
    });
    if (isSuccess(response.status)) {
      return captureOutcome(parseOrder(response.body, 'capture order'), options.payerId);
    }
    const issue = firstIssue(response.body);
    if (response.status === 422 && issue?.issue === 'ORDER_ALREADY_CAPTURED') {
      // Captured earlier under another request id: answer that capture instead of a new one.
      return captureOutcome(await this.getOrder(providerPaymentId), options.payerId);
    }
    const reason = response.status === 422 && issue ? DECLINE_REASONS.get(issue.issue) : undefined;
    if (reason && issue) return { status: 'declined', reason: `${reason} (${issue.issue})` };
    throw failure('capture order', response);
  }

  /**
   * Refunds a completed capture (Payments v2): `amountMinor` of it in its currency, or all that is
   * left without it. The request id makes a retry harmless: PayPal answers the same refund again.
   */
  async refundCapture(
    transactionId: string,
    options: { requestId: string; amount?: { currency: string; minor: number } },
  ) {
    checkRequestId(options.requestId);
    const amount = options.amount && {
      currency_code: options.amount.currency,
      value: (options.amount.minor / 100).toFixed(2),
    };
    const response = await this.call({
      method: 'POST',
      path: `/v2/payments/captures/${encodeURIComponent(transactionId)}/refund`,
      requestId: options.requestId,
      body: amount ? { amount } : {},
    });
    if (!isSuccess(response.status)) throw failure('refund capture', response);
    const parsed = refundSchema.safeParse(response.body);
    if (!parsed.success) throw new PaymentProviderError('PayPal refund answered no id', true);
    if (parsed.data.status !== 'COMPLETED' && parsed.data.status !== 'PENDING') {
      throw new PaymentProviderError(
        `PayPal refund ${parsed.data.id} is ${parsed.data.status}`,
        false,
      );
    }
    return { reference: parsed.data.id };
  }

  private async getOrder(providerPaymentId: string): Promise<PayPalOrder> {
    const response = await this.call({ method: 'GET', path: orderPath(providerPaymentId) });
    if (!isSuccess(response.status)) throw failure('show order', response);
    return parseOrder(response.body, 'show order');
  }

  /** An API call with a bearer token; a 401 drops the token and tries once more with a new one. */
  private async call(request: ApiRequest): Promise<ApiResponse> {
    const response = await this.send(request, await this.token.get());
    if (response.status !== 401) return response;
    // PayPal can retire a token before expires_in; only a fresh one tells if we are unauthorised.
    this.token.drop();
    return this.send(request, await this.token.get());
  }

  private send(request: ApiRequest, token: string): Promise<ApiResponse> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      Prefer: 'return=representation',
    };
    if (request.method === 'POST') headers['Content-Type'] = 'application/json';
    if (request.requestId !== undefined) headers['PayPal-Request-Id'] = request.requestId;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const init = { method: request.method, headers, body };
    return this.exchange(
      `${this.apiBase}${request.path}`,
      init,
      `${request.method} ${request.path}`,
    );
  }

  private async requestToken(): Promise<IssuedToken> {
    const { clientId, clientSecret } = this.options;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const response = await this.exchange(
      `${this.apiBase}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      'token request',
    );
    if (response.status === 401) {
      throw new PaymentProviderError(
        'PayPal rejected the client credentials (invalid_client): check the PayPal client id and ' +
          'secret and that they belong to this API base (sandbox or live)',
        false,
      );
    }
    if (!isSuccess(response.status)) throw failure('token request', response);
    const parsed = tokenSchema.safeParse(response.body);
    if (!parsed.success) {
      throw new PaymentProviderError('PayPal token response has no access_token', true);
    }
    return { value: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
  }

  /** One HTTP exchange. Failing to get an answer says nothing about the payment: retryable. */
  private async exchange(url: string, init: RequestInit, what: string): Promise<ApiResponse> {
    try {
      const response = await this.fetchImpl(url, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut
        ? `no answer within ${this.timeoutMs} ms`
        : describeNetworkError(error);
      throw new PaymentProviderError(`PayPal ${what} failed: ${reason}`, true, { cause: error });
    }
  }
}

function orderRequest(input: CreatePaymentInput, amount: Amount): unknown {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: String(input.orderId),
        custom_id: String(input.orderId),
        description: input.description.slice(0, MAX_DESCRIPTION_LENGTH),
        amount,
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
          brand_name: 'Duka',
        },
      },
    },
  };
}

function orderPath(providerPaymentId: string): string {
  return `/v2/checkout/orders/${encodeURIComponent(providerPaymentId)}`;
}

function checkRequestId(requestId: string): void {
  if (requestId.length === 0 || requestId.length > MAX_REQUEST_ID_LENGTH) {
    throw new PaymentProviderError(
      `PayPal-Request-Id must be 1 to ${MAX_REQUEST_ID_LENGTH} characters`,
      false,
    );
  }
}

/**
 * A replayed request id answers the order it first made. If that order is for another amount the
 * caller reused the key for a different payment, and charging it would be wrong.
 */
function checkSameAmount(order: PayPalOrder, sent: Amount): void {
  const answered = order.purchase_units?.[0]?.amount;
  if (!answered) return;
  const same =
    answered.currency_code === sent.currency_code &&
    parseMinor(answered.value) === parseMinor(sent.value);
  if (!same) {
    throw new PaymentProviderError(
      `PayPal order ${order.id} is for ${answered.currency_code} ${answered.value}, not ` +
        `${sent.currency_code} ${sent.value}: was the request id reused for another payment?`,
      false,
    );
  }
}

function approveLink(order: PayPalOrder): string {
  const links = order.links ?? [];
  // 'payer-action' when the order names payment_source.paypal; 'approve' on older responses.
  const link =
    links.find((l) => l.rel === 'payer-action') ?? links.find((l) => l.rel === 'approve');
  if (!link) {
    throw new PaymentProviderError(`PayPal order ${order.id} has no approval link`, false);
  }
  return link.href;
}

function captureOutcome(order: PayPalOrder, payerIdFromReturn: string | undefined): CaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) {
    throw new PaymentProviderError(
      `PayPal order ${order.id} (${order.status}) has no capture`,
      false,
    );
  }
  switch (capture.status) {
    case 'COMPLETED':
      return {
        status: 'captured',
        transactionId: capture.id,
        payerId: order.payer?.payer_id ?? payerIdFromReturn ?? null,
        capturedAt: parseTime(capture.create_time),
      };
    case 'DECLINED':
    case 'FAILED':
      return { status: 'declined', reason: `PayPal capture ${capture.id} ${capture.status}` };
    case 'PENDING':
      // Money held for review or an eCheck: capturing again later answers the final status.
      throw new PaymentProviderError(`PayPal capture ${capture.id} is still PENDING`, true);
    default:
      throw new PaymentProviderError(`PayPal capture ${capture.id} is ${capture.status}`, false);
  }
}

function parseTime(value: string | undefined): Date {
  const time = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isNaN(time) ? new Date() : new Date(time);
}

function parseOrder(body: unknown, what: string): PayPalOrder {
  const parsed = orderSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  // A 2xx we cannot read may still have done its work; the same request id can ask again.
  throw new PaymentProviderError(`PayPal ${what} answered an unreadable order`, true);
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseError(body: unknown): PayPalError {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data : {};
}

function firstIssue(body: unknown): { issue: string; description?: string | undefined } | null {
  return parseError(body).details?.[0] ?? null;
}

/** 5xx and 429 say "not now"; any other status says this request will never work. */
function failure(what: string, response: ApiResponse): PaymentProviderError {
  const error = parseError(response.body);
  const issue = error.details?.[0];
  const parts = [
    error.name ?? error.error,
    issue ? `${issue.issue}${issue.description ? `: ${issue.description}` : ''}` : undefined,
    issue ? undefined : (error.message ?? error.error_description),
    error.debug_id ? `debug_id ${error.debug_id}` : undefined,
  ].filter((part) => part !== undefined && part !== '');
  const retryable = response.status >= 500 || response.status === 429;
  const detail = parts.length > 0 ? ` (${parts.join('; ')})` : '';
  return new PaymentProviderError(
    `PayPal ${what} failed with HTTP ${response.status}${detail}`,
    retryable,
  );
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return 'network error';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

// Safaricom Daraja's M-Pesa Express: an OAuth token (client credentials, cached until shortly
// before it expires), the STK push and the push query; with initiator credentials, B2C refunds
// (b2c/daraja.ts). Every request and answer is handed back with secrets masked, for the payment's
// record.
//
// Retries: a token or a query can be asked again freely. A push is sent again only when it surely
// did not reach Daraja (the connection was refused) or Daraja said it failed (5xx, 429); after a
// timeout or a dropped connection it may have reached the phone, and a second push would ask the
// shopper to pay twice, so the outcome is reported as unknown instead. A B2C payment is sent once
// whatever happens, unless it surely never left (its status is asked instead).
import { z } from 'zod';
import { ClientCredentialsToken, type IssuedToken } from '../../../lib/oauth-token.ts';
import { nairobiTimestamp, stkPassword } from './credentials.ts';
import type { B2cApi } from '../b2c/api.ts';
import { DarajaB2c } from '../b2c/daraja.ts';
import { errorSchema, type Answer, type Attempt, type DarajaTransport } from './http.ts';
import type { Exchange, PushOutcome, PushRequest, QueryOutcome, StkApi } from '../stk/api.ts';
import { maskedJson, maskText } from './mask.ts';

export interface DarajaOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke */
  apiBase: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** The shortcode (Paybill) or the till number (Buy Goods). */
  partyB: string;
  /** For B2C refunds; without both, M-Pesa refunds are made by hand. */
  initiatorName?: string | undefined;
  securityCredential?: string | undefined;
  /** The short code B2C refunds are paid from; `shortcode` by default. */
  b2cShortcode?: string | undefined;
  timeoutMs?: number;
  /** Waits between attempts; one more attempt than there are delays. */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAYS_MS = [250, 1_000];
/** Daraja's answer to a query while the shopper has not answered the prompt yet. */
const BEING_PROCESSED = '500.001.1001';
const INVALID_TOKEN = '404.001.03';
/** Errors that mean the request never left this machine: sending it again cannot double it. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().positive()),
});

const pushAnswerSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string().optional(),
  CustomerMessage: z.string().optional(),
});

const queryAnswerSchema = z.object({
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResultCode: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().int()),
  ResultDesc: z.string().default(''),
});

const registerAnswerSchema = z.object({
  OriginatorCoversationID: z.string().optional(), // sic: Daraja's spelling
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string().optional(),
});

export class DarajaClient implements StkApi, DarajaTransport {
  private readonly apiBase: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly now: () => Date;
  private readonly token = new ClientCredentialsToken(() => this.requestToken());
  /** B2C refunds and their status, present with initiator credentials. */
  readonly b2c?: B2cApi;

  constructor(private readonly options: DarajaOptions) {
    this.apiBase = new URL(options.apiBase).toString().replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? (() => new Date());
    if (options.initiatorName && options.securityCredential) {
      this.b2c = new DarajaB2c(this, {
        initiatorName: options.initiatorName,
        securityCredential: options.securityCredential,
        shortcode: options.b2cShortcode ?? options.shortcode,
      });
    }
  }

  /** Secrets that must never appear in a stored body or a log line. */
  get secrets(): string[] {
    const { consumerSecret, passkey, securityCredential } = this.options;
    return [consumerSecret, passkey, securityCredential ?? '', this.token.current ?? ''];
  }

  async push(request: PushRequest): Promise<PushOutcome> {
    const { shortcode, passkey, transactionType, partyB } = this.options;
    const timestamp = nairobiTimestamp(this.now());
    const body = {
      BusinessShortCode: shortcode,
      Password: stkPassword(shortcode, passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: transactionType,
      Amount: request.amountShillings,
      PartyA: request.phone,
      PartyB: partyB,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    };
    const log: Exchange[] = [{ kind: 'push', body: maskedJson(body, this.secrets) }];
    const attempt = await this.post('/mpesa/stkpush/v1/processrequest', body, 'push', log);
    if ('failure' in attempt) {
      return attempt.maybeArrived
        ? { kind: 'unknown', reason: attempt.failure, log }
        : { kind: 'unavailable', reason: attempt.failure, log };
    }
    const { status, body: answer } = attempt.answer;
    if (status >= 500 || status === 429) {
      return { kind: 'unavailable', reason: `Daraja answered HTTP ${status}`, log };
    }
    const accepted = pushAnswerSchema.safeParse(answer);
    if (status < 300 && accepted.success && accepted.data.ResponseCode === '0') {
      return {
        kind: 'accepted',
        checkoutRequestId: accepted.data.CheckoutRequestID,
        merchantRequestId: accepted.data.MerchantRequestID,
        log,
      };
    }
    const error = errorSchema.safeParse(answer);
    if (error.success) {
      return {
        kind: 'refused',
        errorCode: error.data.errorCode,
        errorMessage: error.data.errorMessage ?? error.data.errorCode,
        log,
      };
    }
    if (accepted.success) {
      const description = accepted.data.ResponseDescription ?? accepted.data.CustomerMessage;
      return {
        kind: 'refused',
        errorCode: accepted.data.ResponseCode,
        errorMessage: description ?? `ResponseCode ${accepted.data.ResponseCode}`,
        log,
      };
    }
    // A 2xx we cannot read may have started a push: only a callback or the phone can tell.
    if (status < 300)
      return { kind: 'unknown', reason: 'Daraja answered in an unknown shape', log };
    return { kind: 'refused', errorCode: `HTTP ${status}`, errorMessage: `HTTP ${status}`, log };
  }

  async query(checkoutRequestId: string): Promise<QueryOutcome> {
    const { shortcode, passkey } = this.options;
    const timestamp = nairobiTimestamp(this.now());
    const body = {
      BusinessShortCode: shortcode,
      Password: stkPassword(shortcode, passkey, timestamp),
      Timestamp: timestamp,
      CheckoutRequestID: checkoutRequestId,
    };
    const log: Exchange[] = [{ kind: 'query', body: maskedJson(body, this.secrets) }];
    const attempt = await this.post('/mpesa/stkpushquery/v1/query', body, 'query', log);
    if ('failure' in attempt) return { kind: 'error', reason: attempt.failure, log };
    const { status, body: answer } = attempt.answer;
    const error = errorSchema.safeParse(answer);
    if (error.success && error.data.errorCode === BEING_PROCESSED)
      return { kind: 'processing', log };
    const result = queryAnswerSchema.safeParse(answer);
    if (status < 300 && result.success && result.data.ResponseCode === '0') {
      return {
        kind: 'final',
        resultCode: result.data.ResultCode,
        resultDesc: result.data.ResultDesc,
        log,
      };
    }
    const reason = error.success
      ? `${error.data.errorCode} ${error.data.errorMessage ?? ''}`.trim()
      : `HTTP ${status}`;
    return { kind: 'error', reason, log };
  }

  /**
   * Registers the Paybill/Till's validation and confirmation URLs (Customer to Business, v2: v1
   * fails in production for apps with v2 products). `Completed`: a payment goes through when the
   * validation URL does not answer.
   */
  async registerUrls(urls: {
    shortcode: string;
    validationUrl: string;
    confirmationUrl: string;
  }): Promise<
    { ok: true; message: string; log: Exchange[] } | { ok: false; message: string; log: Exchange[] }
  > {
    const body = {
      ShortCode: urls.shortcode,
      ResponseType: 'Completed',
      ConfirmationURL: urls.confirmationUrl,
      ValidationURL: urls.validationUrl,
    };
    const secret = urls.confirmationUrl.split('/').pop() ?? '';
    const log: Exchange[] = [
      { kind: 'register-urls', body: maskedJson(body, [...this.secrets, secret]) },
    ];
    const attempt = await this.post('/mpesa/c2b/v2/registerurl', body, 'register-urls', log);
    if ('failure' in attempt) return { ok: false, message: attempt.failure, log };
    const { status, body: answer } = attempt.answer;
    const registered = registerAnswerSchema.safeParse(answer);
    if (status < 300 && registered.success && registered.data.ResponseCode === '0') {
      return { ok: true, message: registered.data.ResponseDescription ?? 'registered', log };
    }
    const error = errorSchema.safeParse(answer);
    const message = error.success
      ? `${error.data.errorCode} ${error.data.errorMessage ?? ''}`.trim()
      : registered.success
        ? `ResponseCode ${registered.data.ResponseCode} ${registered.data.ResponseDescription ?? ''}`.trim()
        : `HTTP ${status}`;
    return { ok: false, message, log };
  }

  /**
   * A POST with the bearer token, retried with back-off while that is safe; every answer is
   * logged. A token Daraja no longer knows is replaced once. A B2C payment is never sent again
   * once it may have arrived, nor after Daraja answered at all.
   */
  async post(path: string, body: unknown, what: string, log: Exchange[]) {
    let renewedToken = false;
    for (let attempt = 0; ; attempt++) {
      let token: string;
      try {
        token = await this.token.get();
      } catch (error) {
        // Without a token nothing was sent.
        if (attempt < this.retryDelaysMs.length) {
          await sleep(this.retryDelaysMs[attempt]!);
          continue;
        }
        return { failure: describe(error), maybeArrived: false } satisfies Attempt;
      }
      const result = await this.exchange(`${this.apiBase}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if ('answer' in result) {
        log.push({ kind: `${what}-answer`, body: this.logged(result.answer) });
        if (isInvalidToken(result.answer) && !renewedToken) {
          renewedToken = true;
          this.token.drop();
          attempt--;
          continue;
        }
        const retryable =
          what !== 'b2c' && (result.answer.status >= 500 || result.answer.status === 429);
        const beingProcessed = errorCodeOf(result.answer.body) === BEING_PROCESSED;
        if (!retryable || beingProcessed || attempt >= this.retryDelaysMs.length) return result;
      } else {
        log.push({ kind: `${what}-answer`, body: `(no answer: ${result.failure})` });
        // A push or a B2C payment that may have arrived is never sent twice.
        const safe = (what !== 'push' && what !== 'b2c') || !result.maybeArrived;
        if (!safe || attempt >= this.retryDelaysMs.length) return result;
      }
      await sleep(this.retryDelaysMs[attempt]!);
    }
  }

  private logged(answer: Answer): string {
    return answer.body === undefined
      ? `(HTTP ${answer.status}, no JSON body)`
      : maskedJson(answer.body, this.secrets);
  }

  private async requestToken(): Promise<IssuedToken> {
    const { consumerKey, consumerSecret } = this.options;
    const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64');
    const result = await this.exchange(
      `${this.apiBase}/oauth/v1/generate?grant_type=client_credentials`,
      { method: 'GET', headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' } },
    );
    if ('failure' in result) throw new Error(`Daraja token request failed: ${result.failure}`);
    const parsed = tokenSchema.safeParse(result.answer.body);
    if (result.answer.status >= 300 || !parsed.success) {
      const code = errorCodeOf(result.answer.body) ?? `HTTP ${result.answer.status}`;
      throw new Error(
        `Daraja refused a token (${code}): check MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET and ` +
          'that they belong to MPESA_API_BASE (sandbox or live)',
      );
    }
    return { value: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
  }

  private async exchange(url: string, init: RequestInit): Promise<Attempt> {
    try {
      const response = await this.fetchImpl(url, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { answer: { status: response.status, body: parseJson(await response.text()) } };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const code = causeCode(error);
      return {
        failure: maskText(
          timedOut ? `no answer within ${this.timeoutMs} ms` : describe(error),
          this.secrets,
        ),
        maybeArrived: !(code !== undefined && NOT_SENT.has(code)),
      };
    }
  }
}

function isInvalidToken(answer: Answer): boolean {
  return answer.status === 401 || errorCodeOf(answer.body) === INVALID_TOKEN;
}

function errorCodeOf(body: unknown): string | undefined {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.errorCode : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function causeCode(error: unknown): string | undefined {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'network error';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

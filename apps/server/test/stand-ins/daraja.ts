// A stand-in for Safaricom's Daraja (M-Pesa Express), for tests and for running the M-Pesa
// checkout against something that speaks the protocol: OAuth client credentials (GET with Basic
// auth), the STK push with Daraja's checks of Password and Timestamp, the push query (with its
// "being processed" error while the phone has not answered), callbacks in Daraja's shapes sent to
// the shop's CallBackURL, B2C payments (money back to a phone, its result posted to the ResultURL)
// and the transaction status query. Knobs make it fail, hang, slow down, refuse, or send a
// callback or a result twice or never. It listens on loopback only, keeps everything in
// memory, and is driven from tests directly or over HTTP (/__stand-in/…, for the browser journeys).
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const DARAJA_CREDENTIALS = {
  consumerKey: 'stand-in-consumer-key',
  consumerSecret: 'stand-in-consumer-secret',
  shortcode: '174379',
  passkey: 'stand-in-passkey-0123456789abcdef',
} as const;

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
/** How far a Timestamp may be from Nairobi's clock (Daraja refuses stale ones). */
const TIMESTAMP_SKEW_MS = 10 * 60_000;
const MAX_BODY_BYTES = 1024 * 1024;
const PHONE = /^254[71]\d{8}$/;

export type Failure = 'network' | '500' | '503' | 'hang';
export type Endpoint = 'token' | 'push' | 'query' | 'b2c' | 'status' | 'register' | 'any';

/** URLs a shop registered for its Paybill/Till (Customer to Business, v2). */
export interface StandInRegistration {
  ShortCode: string;
  ResponseType: string;
  ConfirmationURL: string;
  ValidationURL: string;
}

/** A payment a shopper makes to a Paybill or Till from the M-Pesa menu. */
export interface PaidInOptions {
  /** Shillings, e.g. 1500 ('1500.00' on the wire) or a string sent as it is. */
  amount: number | string;
  /** The account number as typed; omitted for a Till. */
  billRef?: string;
  till?: boolean;
  transId?: string;
  msisdn?: string;
  firstName?: string;
  /** When M-Pesa completed it (TransTime); now by default. */
  at?: Date;
  /** BusinessShortCode as sent; the registered short code by default. */
  shortcode?: string;
  /** Send the confirmation this many times (Daraja may repeat one); 0 for a lost one. */
  times?: number;
  /** Ask the validation URL first (only where Safaricom enabled validation). */
  validate?: boolean;
  /** Post to these instead of the registered URLs (e.g. without the secret). */
  urls?: { validation?: string; confirmation?: string };
}

export interface PaidIn {
  transId: string;
  validation: CallbackDelivery | null;
  confirmations: CallbackDelivery[];
}

export interface StandInPush {
  readonly checkoutRequestId: string;
  readonly merchantRequestId: string;
  /** The request as Daraja received it. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly callbackUrl: string;
  readonly amount: number;
  readonly phone: string;
  /** What the phone answered: null while it rings. */
  result: { code: number; desc: string; receipt: string | null } | null;
}

/** A B2C payment as Daraja took it, and what became of it. */
export interface StandInB2c {
  readonly originatorConversationId: string;
  readonly conversationId: string;
  /** The request as Daraja received it. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly amount: number;
  readonly phone: string;
  /** What M-Pesa did: ResultCode 0 paid (with a receipt), anything else failed. */
  readonly result: { code: number; desc: string; receipt: string | null };
  /** Every post of its result (or queue timeout) to the shop, in order. */
  readonly deliveries: CallbackDelivery[];
}

/** How M-Pesa handles B2C payments: paid at once by default. */
export interface B2cBehaviour {
  /** 0 paid; e.g. 2001 (wrong initiator) or 1 (not enough money in the account) failed. */
  resultCode?: number;
  resultDesc?: string;
  /** The result is posted this long after the request was answered (a slow M-Pesa). */
  delayMs?: number;
  /** The result is posted this many times; 0: it is lost and never comes. */
  times?: number;
  /** Posted to the QueueTimeOutURL instead: the request timed out in Daraja's queue. */
  queueTimeout?: boolean;
}

export interface CallbackDelivery {
  status: number;
  body: string;
}

export interface CallbackOptions {
  /** Send the callback this many times (Daraja may repeat one); 0 for a lost callback. */
  times?: number;
  /** A different Amount than the push asked for. */
  amount?: number;
  /** Leave out CallbackMetadata on a success (some plugins crash on that). */
  withoutMetadata?: boolean;
  /** Post to this URL instead of the push's CallBackURL (e.g. without its secret). */
  url?: string;
  /** Another CheckoutRequestID in the body. */
  checkoutRequestId?: string;
}

export interface DarajaState {
  readonly tokenRequests: number;
  readonly unauthorized: number;
  readonly queries: number;
  readonly pushes: readonly StandInPush[];
  /** Every B2C payment Daraja took (one per OriginatorConversationID), in order. */
  readonly b2cPayments: readonly StandInB2c[];
  /** Every B2C request that reached it, taken or not (a repeat, a refusal). */
  readonly b2cRequests: readonly Record<string, unknown>[];
  /** Every transaction status query that reached it. */
  readonly statusQueries: readonly Record<string, unknown>[];
  /** How every B2C payment goes from now on. */
  b2c: B2cBehaviour;
  /** How the next B2C payment goes (then back to `b2c`). */
  nextB2c(behaviour: B2cBehaviour): void;
  /** The next B2C request is refused at once with Daraja's error body; nothing is paid. */
  refuseNextB2c(errorCode?: string, errorMessage?: string, status?: number): void;
  /** Waits until every B2C result on its way was posted. */
  b2cSettled(): Promise<void>;
  /** The result body Daraja posts for a B2C payment. */
  b2cResultBody(payment: StandInB2c): unknown;
  /** The latest push; throws when there is none. */
  lastPush(): StandInPush;
  /** The next `times` requests to `endpoint` fail this way ('after': the work is done first). */
  failNext(
    kind: Failure,
    options?: { endpoint?: Endpoint; times?: number; when?: 'before' | 'after' },
  ): void;
  /** The next push is refused with Daraja's error body. */
  refuseNextPush(errorCode?: string, errorMessage?: string, status?: number): void;
  /** Queries answer this ResultCode instead of the phone's answer (a stale or wrong answer). */
  queryAnswer: number | null;
  /** Pushes are answered this long after they were taken (the phone rings at once); 0: at once. */
  pushDelayMs: number;
  /** Holds the next query's answer until the returned function is called. */
  holdNextQuery(): () => void;
  /** Revokes every token issued so far, as Daraja may before expires_in. */
  expireTokens(): void;
  /**
   * The phone answers the push: 0 paid, 1032 cancelled, 1037 unreachable, 2001 wrong PIN… The
   * callback is posted `times` times (default 1); the query API knows the answer either way.
   */
  answer(
    checkoutRequestId: string,
    resultCode: number,
    options?: CallbackOptions,
  ): Promise<CallbackDelivery[]>;
  /** The callback body Daraja would send for this answer. */
  callbackBody(push: StandInPush, resultCode: number, options?: CallbackOptions): unknown;
  /** Posts any body to a URL the way Daraja posts callbacks. */
  post(url: string, body: string, contentType?: string): Promise<CallbackDelivery>;
  /** Every registerurl call, latest last. */
  readonly registrations: readonly StandInRegistration[];
  /** The next registerurl call is refused with this error (as Daraja does for a bad shortcode). */
  refuseNextRegistration(errorCode?: string, errorMessage?: string): void;
  /**
   * A shopper pays the registered Paybill/Till from the menu: validation first when asked (a
   * rejection stops it there), then the confirmation, as Daraja posts them.
   */
  payIn(options: PaidInOptions): Promise<PaidIn>;
  /** The body Daraja posts for such a payment. */
  paidInBody(options: PaidInOptions & { transId: string }): Record<string, unknown>;
}

export interface DarajaStandIn {
  url: string;
  state: DarajaState;
  close(): Promise<void>;
}

export interface DarajaStandInOptions {
  port?: number;
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  tokenTtlSeconds?: number;
}

interface Reply {
  status: number;
  json: unknown;
}

const RESULT_DESCRIPTIONS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1001: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
  1019: 'Transaction has expired',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

const nairobiTimestamp = (at: number) =>
  new Date(at + NAIROBI_OFFSET_MS).toISOString().slice(0, 19).replace(/[-T:]/g, '');

const error = (status: number, errorCode: string, errorMessage: string): Reply => ({
  status,
  json: {
    requestId: `${randomInt(10_000, 99_999)}-${randomInt(1e6, 9e6)}-1`,
    errorCode,
    errorMessage,
  },
});
const badRequest = (what: string) => error(400, '400.002.02', `Bad Request - Invalid ${what}`);

class StandIn implements DarajaState {
  tokenRequests = 0;
  unauthorized = 0;
  queries = 0;
  queryAnswer: number | null = null;
  pushDelayMs = 0;
  readonly pushes: StandInPush[] = [];
  readonly b2cPayments: StandInB2c[] = [];
  readonly b2cRequests: Record<string, unknown>[] = [];
  readonly statusQueries: Record<string, unknown>[] = [];
  b2c: B2cBehaviour = {};
  private nextB2cBehaviour: B2cBehaviour | null = null;
  private b2cRefusal: Reply | null = null;
  private readonly posting = new Set<Promise<unknown>>();
  readonly registrations: StandInRegistration[] = [];
  private registrationRefusal: Reply | null = null;
  url = '';
  private readonly tokens = new Map<string, number>();
  private failures: {
    kind: Failure;
    endpoint: Endpoint;
    times: number;
    when: 'before' | 'after';
  }[] = [];
  private refusal: Reply | null = null;
  private queryHold: Promise<void> | null = null;

  constructor(private readonly options: Required<Omit<DarajaStandInOptions, 'port'>>) {}

  lastPush(): StandInPush {
    const push = this.pushes.at(-1);
    if (!push) throw new Error('the Daraja stand-in has received no push');
    return push;
  }

  failNext(
    kind: Failure,
    {
      endpoint = 'any',
      times = 1,
      when = 'before',
    }: { endpoint?: Endpoint; times?: number; when?: 'before' | 'after' } = {},
  ): void {
    this.failures.push({ kind, endpoint, times, when });
  }

  refuseNextPush(
    errorCode = '400.002.02',
    errorMessage = 'Bad Request - Invalid PhoneNumber',
    status = 400,
  ): void {
    this.refusal = error(status, errorCode, errorMessage);
  }

  holdNextQuery(): () => void {
    let release!: () => void;
    this.queryHold = new Promise((resolve) => (release = resolve));
    return release;
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  async answer(checkoutRequestId: string, resultCode: number, options: CallbackOptions = {}) {
    const push = this.pushes.find((p) => p.checkoutRequestId === checkoutRequestId);
    if (!push) throw new Error(`no stand-in push ${checkoutRequestId}`);
    push.result ??= {
      code: resultCode,
      desc: RESULT_DESCRIPTIONS[resultCode] ?? 'The transaction failed.',
      receipt: resultCode === 0 ? receiptNumber() : null,
    };
    const body = JSON.stringify(this.callbackBody(push, resultCode, options));
    const deliveries: CallbackDelivery[] = [];
    for (let i = 0; i < (options.times ?? 1); i++) {
      deliveries.push(await this.post(options.url ?? push.callbackUrl, body));
    }
    return deliveries;
  }

  callbackBody(push: StandInPush, resultCode: number, options: CallbackOptions = {}): unknown {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: options.checkoutRequestId ?? push.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: push.result?.desc ?? RESULT_DESCRIPTIONS[resultCode] ?? 'The transaction failed.',
    };
    // Failures carry no metadata; a success lists items by name, Balance without a value.
    if (resultCode === 0 && !options.withoutMetadata) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: options.amount ?? push.amount },
          { Name: 'MpesaReceiptNumber', Value: push.result?.receipt ?? receiptNumber() },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(nairobiTimestamp(Date.now())) },
          { Name: 'PhoneNumber', Value: Number(push.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  refuseNextRegistration(
    errorCode = '400.003.02',
    errorMessage = 'Bad Request - Invalid ShortCode',
  ): void {
    this.registrationRefusal = error(400, errorCode, errorMessage);
  }

  paidInBody(options: PaidInOptions & { transId: string }): Record<string, unknown> {
    const shortcode =
      options.shortcode ?? this.registrations.at(-1)?.ShortCode ?? this.options.shortcode;
    const amount = typeof options.amount === 'number' ? options.amount.toFixed(2) : options.amount;
    return {
      TransactionType: options.till ? 'Buy Goods' : 'Pay Bill',
      TransID: options.transId,
      TransTime: nairobiTimestamp(options.at?.getTime() ?? Date.now()),
      TransAmount: amount,
      BusinessShortCode: shortcode,
      BillRefNumber: options.till ? '' : (options.billRef ?? ''),
      InvoiceNumber: '',
      OrgAccountBalance: '49197.00',
      ThirdPartyTransID: '',
      MSISDN: options.msisdn ?? '254708374149',
      FirstName: options.firstName ?? 'John',
      MiddleName: '',
      LastName: 'Doe',
    };
  }

  async payIn(options: PaidInOptions): Promise<PaidIn> {
    const registered = this.registrations.at(-1);
    const validationUrl = options.urls?.validation ?? registered?.ValidationURL;
    const confirmationUrl = options.urls?.confirmation ?? registered?.ConfirmationURL;
    if (!confirmationUrl) throw new Error('the stand-in has no registered confirmation URL');
    const transId = options.transId ?? receiptNumber();
    const body = JSON.stringify(this.paidInBody({ ...options, transId }));
    let validation: CallbackDelivery | null = null;
    if (options.validate && validationUrl) {
      validation = await this.post(validationUrl, body);
      const answer = JSON.parse(validation.body) as { ResultCode?: unknown };
      if (String(answer.ResultCode) !== '0') return { transId, validation, confirmations: [] };
    }
    const confirmations: CallbackDelivery[] = [];
    for (let i = 0; i < (options.times ?? 1); i++) {
      confirmations.push(await this.post(confirmationUrl, body));
    }
    return { transId, validation, confirmations };
  }

  async post(url: string, body: string, contentType = 'application/json') {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const endpoint = endpointOf(url.pathname);
    const failure = this.takeFailure(endpoint);
    if (failure?.when === 'before') return fail(failure.kind, res);
    const body = await readBody(req);
    const reply =
      body === null
        ? error(413, '413', 'Request body too large')
        : await this.route(req, url, body);
    if (failure?.when === 'after') return fail(failure.kind, res);
    res.writeHead(reply.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(reply.json));
  }

  private takeFailure(endpoint: Endpoint) {
    const index = this.failures.findIndex((f) => f.endpoint === 'any' || f.endpoint === endpoint);
    if (index < 0 || endpoint === 'any') return null;
    const failure = this.failures[index]!;
    failure.times -= 1;
    if (failure.times <= 0) this.failures.splice(index, 1);
    return failure;
  }

  private async route(req: IncomingMessage, url: URL, body: string): Promise<Reply> {
    const method = req.method ?? 'GET';
    if (url.pathname === '/oauth/v1/generate' && method === 'GET') return this.issueToken(req, url);
    if (url.pathname.startsWith('/__stand-in/')) return this.control(method, url.pathname, body);
    const paths: Record<string, (json: Record<string, unknown>) => Promise<Reply> | Reply> = {
      '/mpesa/stkpush/v1/processrequest': (json) => this.push(json),
      '/mpesa/stkpushquery/v1/query': (json) => this.query(json),
      '/mpesa/b2c/v3/paymentrequest': (json) => this.payOut(json),
      '/mpesa/transactionstatus/v1/query': (json) => this.transactionStatus(json),
      '/mpesa/c2b/v2/registerurl': (json) => this.register(json),
    };
    const handler = paths[url.pathname];
    if (!handler || method !== 'POST') return error(404, '404.001.01', 'Resource not found');
    if (!this.authorised(req.headers.authorization)) {
      this.unauthorized += 1;
      return error(401, '404.001.03', 'Invalid Access Token');
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return error(400, '400.002.05', 'Invalid Request Payload');
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      return error(400, '400.002.05', 'Invalid Request Payload');
    }
    return handler(json as Record<string, unknown>);
  }

  // ------------------------------------------------------------------ OAuth

  private issueToken(req: IncomingMessage, url: URL): Reply {
    this.tokenRequests += 1;
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      return error(400, '400.008.02', 'Invalid grant type passed');
    }
    const encoded = /^Basic (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (decoded !== `${this.options.consumerKey}:${this.options.consumerSecret}`) {
      return error(400, '400.008.01', 'Invalid Authentication passed');
    }
    const token = randomBytes(21).toString('base64url');
    this.tokens.set(token, Date.now() + this.options.tokenTtlSeconds * 1000);
    // Daraja sends expires_in as a string.
    return {
      status: 200,
      json: { access_token: token, expires_in: String(this.options.tokenTtlSeconds) },
    };
  }

  private authorised(header: string | undefined): boolean {
    const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : this.tokens.get(token);
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  /** Daraja's checks of BusinessShortCode, Timestamp and Password. */
  private credentialProblem(json: Record<string, unknown>): Reply | null {
    const { shortcode, passkey } = this.options;
    if (String(json.BusinessShortCode ?? '') !== shortcode) return badRequest('BusinessShortCode');
    const timestamp = json.Timestamp;
    if (typeof timestamp !== 'string' || !/^\d{14}$/.test(timestamp))
      return badRequest('Timestamp');
    const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, n) =>
      timestamp.slice(i, n === 0 ? 4 : i + 2),
    );
    const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}+03:00`);
    if (Number.isNaN(at) || Math.abs(at - Date.now()) > TIMESTAMP_SKEW_MS) {
      return badRequest('Timestamp');
    }
    const expected = Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
    if (json.Password !== expected)
      return error(400, '400.002.02', 'Bad Request - Invalid Password');
    return null;
  }

  // ------------------------------------------------------------------ M-Pesa Express

  private async push(json: Record<string, unknown>): Promise<Reply> {
    const problem = this.credentialProblem(json) ?? pushProblem(json, this.options.shortcode);
    if (problem) return problem;
    if (this.refusal) {
      const refusal = this.refusal;
      this.refusal = null;
      return refusal;
    }
    const push: StandInPush = {
      checkoutRequestId: `ws_CO_${nairobiTimestamp(Date.now())}${randomInt(1e9, 9e9)}`,
      merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(1e7, 9e7)}-1`,
      body: { ...json },
      callbackUrl: String(json.CallBackURL),
      amount: Number(json.Amount),
      phone: String(json.PhoneNumber),
      result: null,
    };
    this.pushes.push(push);
    // The phone may ring (and be answered) before the shop hears back.
    if (this.pushDelayMs > 0) await new Promise((r) => setTimeout(r, this.pushDelayMs));
    return {
      status: 200,
      json: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      },
    };
  }

  private async query(json: Record<string, unknown>): Promise<Reply> {
    this.queries += 1;
    const hold = this.queryHold;
    this.queryHold = null;
    if (hold) await hold;
    const problem = this.credentialProblem(json);
    if (problem) return problem;
    const push = this.pushes.find((p) => p.checkoutRequestId === json.CheckoutRequestID);
    if (!push) return badRequest('CheckoutRequestID');
    const code = this.queryAnswer ?? push.result?.code;
    if (code === undefined) return error(500, '500.001.1001', 'The transaction is being processed');
    // The query answers the result, never the receipt; ResultCode is a string here.
    return {
      status: 200,
      json: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(code),
        ResultDesc: RESULT_DESCRIPTIONS[code] ?? 'The transaction failed.',
      },
    };
  }

  // ------------------------------------------------------------------ B2C and its status

  nextB2c(behaviour: B2cBehaviour): void {
    this.nextB2cBehaviour = behaviour;
  }

  refuseNextB2c(
    errorCode = '400.002.02',
    errorMessage = 'Bad Request - Invalid PartyB',
    status = 400,
  ): void {
    this.b2cRefusal = error(status, errorCode, errorMessage);
  }

  async b2cSettled(): Promise<void> {
    while (this.posting.size > 0) await Promise.allSettled([...this.posting]);
  }

  b2cResultBody(payment: StandInB2c): unknown {
    const { code, desc, receipt } = payment.result;
    return {
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: desc,
        OriginatorConversationID: payment.originatorConversationId,
        ConversationID: payment.conversationId,
        TransactionID: receipt ?? `${payment.conversationId.slice(-10).toUpperCase()}`,
        // A failure carries no parameters; a payment names its amount, receipt and receiver.
        ...(code === 0
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'TransactionAmount', Value: payment.amount },
                  { Key: 'TransactionReceipt', Value: receipt },
                  { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                  { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -4510.0 },
                  { Key: 'ReceiverPartyPublicName', Value: `${payment.phone} - John Doe` },
                  { Key: 'TransactionCompletedDateTime', Value: '19.12.2019 11:45:50' },
                  { Key: 'B2CUtilityAccountAvailableFunds', Value: 10116.0 },
                  { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
                ],
              },
            }
          : {}),
        ReferenceData: {
          ReferenceItem: {
            Key: 'QueueTimeoutURL',
            Value: 'https://internalsandbox.safaricom.co.ke',
          },
        },
      },
    };
  }

  /** Posts in the background (Daraja calls back after answering), after `delayMs`. */
  private later(delayMs: number, send: () => Promise<unknown>) {
    const run = new Promise((r) => setTimeout(r, delayMs))
      .then(send)
      .catch(() => undefined)
      .finally(() => this.posting.delete(run));
    this.posting.add(run);
  }

  /** Daraja's checks of an initiator's request. */
  private initiatorProblem(json: Record<string, unknown>): Reply | null {
    for (const key of ['InitiatorName', 'Initiator'] as const) {
      if (key in json && (typeof json[key] !== 'string' || json[key] === ''))
        return badRequest(key);
    }
    if (!json.InitiatorName && !json.Initiator) return badRequest('Initiator');
    if (typeof json.SecurityCredential !== 'string' || json.SecurityCredential === '') {
      return badRequest('SecurityCredential');
    }
    for (const key of ['ResultURL', 'QueueTimeOutURL'] as const) {
      if (typeof json[key] !== 'string' || !/^https?:\/\//.test(json[key])) return badRequest(key);
    }
    return null;
  }

  private payOut(json: Record<string, unknown>): Reply {
    this.b2cRequests.push({ ...json });
    const problem = this.initiatorProblem(json);
    if (problem) return problem;
    if (json.CommandID !== 'BusinessPayment' && json.CommandID !== 'SalaryPayment') {
      return badRequest('CommandID');
    }
    const amount = json.Amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
      return badRequest('Amount');
    }
    if (String(json.PartyA ?? '') !== this.options.shortcode) return badRequest('PartyA');
    if (typeof json.PartyB !== 'string' || !PHONE.test(json.PartyB)) return badRequest('PartyB');
    const originator = json.OriginatorConversationID;
    if (typeof originator !== 'string' || originator === '') {
      return badRequest('OriginatorConversationID');
    }
    // The same request again pays nothing more (the OriginatorConversationID is its key).
    if (this.b2cPayments.some((p) => p.originatorConversationId === originator)) {
      return error(409, '409.001.01', 'Duplicate OriginatorConversationID');
    }
    if (this.b2cRefusal) {
      const refusal = this.b2cRefusal;
      this.b2cRefusal = null;
      return refusal;
    }
    const behaviour = { ...this.b2c, ...this.nextB2cBehaviour };
    this.nextB2cBehaviour = null;
    // A request that timed out in the queue was never processed: its status says it failed.
    const code = behaviour.resultCode ?? (behaviour.queueTimeout ? 1 : 0);
    const payment: StandInB2c = {
      originatorConversationId: originator,
      conversationId: `AG_${nairobiTimestamp(Date.now()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
      body: { ...json },
      amount,
      phone: json.PartyB,
      result: {
        code,
        desc:
          behaviour.resultDesc ??
          (behaviour.queueTimeout ? 'The request timed out in the queue.' : undefined) ??
          (code === 0
            ? RESULT_DESCRIPTIONS[0]!
            : (RESULT_DESCRIPTIONS[code] ?? 'The transaction failed.')),
        receipt: code === 0 ? receiptNumber() : null,
      },
      deliveries: [],
    };
    this.b2cPayments.push(payment);
    const url = String(behaviour.queueTimeout ? json.QueueTimeOutURL : json.ResultURL);
    const body = behaviour.queueTimeout
      ? JSON.stringify({
          Result: {
            ResultType: 1,
            ResultCode: 1,
            ResultDesc: 'The request timed out in the queue.',
            OriginatorConversationID: originator,
            ConversationID: payment.conversationId,
          },
        })
      : JSON.stringify(this.b2cResultBody(payment));
    this.later(behaviour.delayMs ?? 0, async () => {
      for (let i = 0; i < (behaviour.times ?? 1); i++) {
        payment.deliveries.push(await this.post(url, body));
      }
    });
    return {
      status: 200,
      json: {
        ConversationID: payment.conversationId,
        OriginatorConversationID: originator,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };
  }

  /** The status of a B2C payment, by its OriginatorConversationID or receipt; posted to ResultURL. */
  private transactionStatus(json: Record<string, unknown>): Reply {
    this.statusQueries.push({ ...json });
    const problem = this.initiatorProblem(json);
    if (problem) return problem;
    if (json.CommandID !== 'TransactionStatusQuery') return badRequest('CommandID');
    if (String(json.PartyA ?? '') !== this.options.shortcode) return badRequest('PartyA');
    const asked = String(json.OriginalConversationID ?? json.TransactionID ?? '');
    if (asked === '') return badRequest('TransactionID');
    const payment = this.b2cPayments.find(
      (p) => p.originatorConversationId === asked || p.result.receipt === asked,
    );
    const query = {
      OriginatorConversationID: `${randomInt(10_000, 99_999)}-${randomInt(1e6, 9e6)}-1`,
      ConversationID: `AG_${nairobiTimestamp(Date.now()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
    };
    const item = (Key: string, Value?: string | number) =>
      Value === undefined ? { Key } : { Key, Value };
    const result = payment
      ? {
          ...query,
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          // As Daraja's example: not the payment's receipt (that is ReceiptNo).
          TransactionID: 'MBN0000000',
          ResultParameters: {
            ResultParameter: [
              item('DebitPartyName', `${this.options.shortcode} - Duka`),
              item('CreditPartyName', `${payment.phone} - John Doe`),
              item('OriginatorConversationID', payment.originatorConversationId),
              item('InitiatedTime', nairobiTimestamp(Date.now())),
              item('DebitAccountType', 'Utility Account'),
              item(
                'TransactionReason',
                payment.result.code === 0 ? undefined : payment.result.desc,
              ),
              item('ReasonType', 'Business Payment to Customer via API'),
              item('TransactionStatus', payment.result.code === 0 ? 'Completed' : 'Failed'),
              item('FinalisedTime', nairobiTimestamp(Date.now())),
              item('Amount', payment.amount),
              item('ConversationID', payment.conversationId),
              item('ReceiptNo', payment.result.receipt ?? undefined),
            ],
          },
          ReferenceData: { ReferenceItem: item('Occasion', String(json.Occasion ?? '')) },
        }
      : {
          ...query,
          ResultType: 0,
          ResultCode: 2032,
          ResultDesc: 'The transaction could not be found.',
          ReferenceData: { ReferenceItem: item('Occasion', String(json.Occasion ?? '')) },
        };
    const url = String(json.ResultURL);
    this.later(0, () => this.post(url, JSON.stringify({ Result: result })));
    return {
      status: 200,
      json: {
        ...query,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };
  }

  // ------------------------------------------------------------------ C2B: Paybill and Till

  private register(json: Record<string, unknown>): Reply {
    if (this.registrationRefusal) {
      const refusal = this.registrationRefusal;
      this.registrationRefusal = null;
      return refusal;
    }
    if (typeof json.ShortCode !== 'string' || !/^\d{5,7}$/.test(json.ShortCode)) {
      return badRequest('ShortCode');
    }
    if (json.ResponseType !== 'Completed' && json.ResponseType !== 'Cancelled') {
      return badRequest('ResponseType');
    }
    for (const key of ['ConfirmationURL', 'ValidationURL'] as const) {
      if (typeof json[key] !== 'string' || !/^https?:\/\//.test(json[key])) return badRequest(key);
    }
    this.registrations.push({
      ShortCode: json.ShortCode,
      ResponseType: json.ResponseType,
      ConfirmationURL: json.ConfirmationURL as string,
      ValidationURL: json.ValidationURL as string,
    });
    return {
      status: 200,
      json: {
        OriginatorCoversationID: `${randomInt(10_000, 99_999)}-${randomInt(1e6, 9e6)}-1`,
        ResponseCode: '0',
        ResponseDescription: 'Success',
      },
    };
  }

  // ------------------------------------------------------------------ control (journeys)

  private async control(method: string, path: string, body: string): Promise<Reply> {
    if (method === 'GET' && path === '/__stand-in/pushes') {
      return {
        status: 200,
        json: this.pushes.map((p) => ({
          checkoutRequestId: p.checkoutRequestId,
          phone: p.phone,
          amount: p.amount,
          accountReference: p.body.AccountReference,
          result: p.result,
        })),
      };
    }
    const match = /^\/__stand-in\/pushes\/([^/]+)\/answer$/.exec(path);
    if (method === 'POST' && match) {
      const input = JSON.parse(body || '{}') as { ResultCode?: number; times?: number };
      const deliveries = await this.answer(decodeURIComponent(match[1]!), input.ResultCode ?? 0, {
        times: input.times ?? 1,
      });
      return { status: 200, json: { deliveries } };
    }
    return error(404, '404.001.01', 'Resource not found');
  }
}

function pushProblem(json: Record<string, unknown>, shortcode: string): Reply | null {
  const type = json.TransactionType;
  if (type !== 'CustomerPayBillOnline' && type !== 'CustomerBuyGoodsOnline') {
    return badRequest('TransactionType');
  }
  const amount = json.Amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
    return badRequest('Amount');
  if (typeof json.PartyA !== 'string' || !PHONE.test(json.PartyA)) return badRequest('PartyA');
  if (typeof json.PhoneNumber !== 'string' || !PHONE.test(json.PhoneNumber)) {
    return badRequest('PhoneNumber');
  }
  const partyB = String(json.PartyB ?? '');
  if (!/^\d{5,7}$/.test(partyB) || (type === 'CustomerPayBillOnline' && partyB !== shortcode)) {
    return badRequest('PartyB');
  }
  try {
    const url = new URL(String(json.CallBackURL));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return badRequest('CallBackURL');
  } catch {
    return badRequest('CallBackURL');
  }
  const reference = json.AccountReference;
  if (typeof reference !== 'string' || reference.length < 1 || reference.length > 12) {
    return badRequest('AccountReference');
  }
  const description = json.TransactionDesc;
  if (typeof description !== 'string' || description.length < 1 || description.length > 13) {
    return badRequest('TransactionDesc');
  }
  return null;
}

function endpointOf(pathname: string): Endpoint {
  if (pathname === '/oauth/v1/generate') return 'token';
  if (pathname === '/mpesa/stkpush/v1/processrequest') return 'push';
  if (pathname === '/mpesa/stkpushquery/v1/query') return 'query';
  if (pathname === '/mpesa/b2c/v3/paymentrequest') return 'b2c';
  if (pathname === '/mpesa/transactionstatus/v1/query') return 'status';
  if (pathname === '/mpesa/c2b/v2/registerurl') return 'register';
  return 'any';
}

/** A receipt number in M-Pesa's shape: ten capital letters and digits. */
function receiptNumber(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

function fail(kind: Failure, res: ServerResponse): void {
  if (kind === 'network') {
    res.socket?.destroy();
    return;
  }
  if (kind === 'hang') return; // never answers; the client's timeout decides
  const status = Number(kind);
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      requestId: `${randomInt(10_000, 99_999)}-1`,
      errorCode: `${status}.003.02`,
      errorMessage: status === 503 ? 'Service Unavailable' : 'Internal Server Error',
    }),
  );
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}

export async function startDarajaStandIn(
  options: DarajaStandInOptions = {},
): Promise<DarajaStandIn> {
  const state = new StandIn({
    consumerKey: options.consumerKey ?? DARAJA_CREDENTIALS.consumerKey,
    consumerSecret: options.consumerSecret ?? DARAJA_CREDENTIALS.consumerSecret,
    shortcode: options.shortcode ?? DARAJA_CREDENTIALS.shortcode,
    passkey: options.passkey ?? DARAJA_CREDENTIALS.passkey,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3599,
  });
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    state.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  return {
    url: state.url,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests are left open on purpose; closing ends them.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

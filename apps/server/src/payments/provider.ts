// The one interface every payment provider implements (CONVENTIONS.md 16): PayPal, the sandbox
// that stands in for it, M-Pesa through Daraja and the sandbox that stands in for Daraja. Only
// `start` is required; the rest are capabilities a provider has or has not, and callers ask for a
// capability, never for a class. Every outcome is a tagged result (decision record 017).
import type { FastifyPluginAsync } from 'fastify';
import type { Paybill, PaymentMethod } from '@duka/domain';
import type { Db } from '../db/client.ts';
import type { HttpError } from '../lib/http-error.ts';

/** create-payment's `method`, also kept on the payment. */
export type { PaymentMethod };
/** What the payments table keeps as `provider`. */
export type ProviderName =
  | 'paypal'
  | 'sandbox'
  | 'mpesa'
  | 'mpesa-sandbox'
  | 'mpesa-paybill'
  | 'mpesa-till'
  | 'pay-on-delivery';

/** A request or answer as it is kept on the payment: secrets already masked. */
export interface Exchange {
  kind: string;
  body: string;
  note?: string | null;
}

export interface StartRequest {
  /** The shop's id of the payment (already recorded); a provider may answer with its own. */
  paymentId: string;
  orderId: number;
  /** What the shopper owes, in KES cents. */
  amountCents: number;
  /** Idempotency key: the same key never starts two payments at the provider. */
  requestId: string;
  /** Where a redirect provider sends the browser back. */
  returnUrl: string;
  cancelUrl: string;
  /** Where a provider that calls back posts the result; carries this payment's secret. */
  callbackUrl: string;
  /** The phone to ask, 2547XXXXXXXX, for providers that ask a phone. */
  phone: string | null;
}

export type StartOutcome =
  /** Send the browser to the provider; it comes back to `returnUrl` to be executed. */
  | {
      kind: 'redirect';
      /** The provider's id, which replaces the shop's (PayPal's order id). */
      providerPaymentId: string;
      approveUrl: string;
      /** What the provider charges, when it is not shillings (PayPal settles in USD). */
      settlement: { currency: string; amountMinor: number; exchangeRate: string | null } | null;
      log: Exchange[];
    }
  /** The shopper is being asked (a prompt on the phone); the result comes by callback or query. */
  | { kind: 'waiting'; reference: string; merchantReference: string; log: Exchange[] }
  /** The shopper pays from the M-Pesa menu with these figures; the money is matched when it comes. */
  | { kind: 'instructions'; paybill: Paybill; log: Exchange[] }
  /** Nothing is paid now: the order is confirmed and paid when the goods are handed over. */
  | { kind: 'on-delivery'; log: Exchange[] }
  /**
   * Nothing the shopper can pay was started. `answer` is what the person is told. With
   * `mayHaveStarted` the request may still have reached the provider (no answer came back), so
   * the payment stays open for a callback. With `releasesOrder` the order gives its stock back.
   */
  | {
      kind: 'failed';
      answer: HttpError;
      cause: string;
      mayHaveStarted: boolean;
      releasesOrder: boolean;
      log: Exchange[];
    };

/** What executing a payment the shopper approved at the provider gave. */
export type ExecuteOutcome =
  | { kind: 'captured'; transactionId: string; payerId: string | null; capturedAt: Date }
  | { kind: 'declined'; reason: string };

/** A provider's callback, read. Anything it cannot read is `malformed`, never thrown. */
export type ParsedCallback =
  | { kind: 'malformed'; reason: string }
  | {
      kind: 'result';
      /** The provider's reference of the request it answers (Daraja's CheckoutRequestID). */
      reference: string;
      resultCode: number;
      resultDesc: string;
      /** Present on a success that says what was paid. */
      paid: { amountCents: number; receipt: string; paidAt: Date | null } | null;
    };

export type QueryOutcome =
  | { kind: 'final'; resultCode: number; resultDesc: string; log: Exchange[] }
  /** The shopper has not answered yet. */
  | { kind: 'processing'; log: Exchange[] }
  /** No usable answer now; ask again later. */
  | { kind: 'error'; reason: string; log: Exchange[] };

/** Money going back through the provider (decision record 029): one attempt of one refund. */
export interface RefundRequest {
  refundId: number;
  /** This attempt's idempotency key: the same key never moves money twice at the provider. */
  requestKey: string;
  /** The payment whose money goes back; null for an unmatched M-Pesa payment. */
  paymentId: number | null;
  providerPaymentId: string | null;
  orderId: number | null;
  /** The provider's transaction id (PayPal's capture, the M-Pesa receipt). */
  transactionId: string | null;
  /** How much goes back now, in KES cents: all of the payment or part of it. */
  amountCents: number;
  /** The same in the currency the provider charged (PayPal's), when it is not KES. */
  settlement: { currency: string; minor: number } | null;
  /** Where M-Pesa money goes (B2C), 2547…; null for other methods. */
  phone: string | null;
  reason: string;
  /** PUBLIC_URL: where a provider posts a refund's result. */
  baseUrl: string;
}

export type RefundOutcome =
  /** The money went back: the provider's reference of it. */
  | { kind: 'refunded'; reference: string; log: Exchange[] }
  /** Accepted; the result comes later (a callback, or asking again). */
  | { kind: 'sent'; providerRef: string; log: Exchange[] }
  /** The provider cannot give this one back (no transaction id): a person does, by hand. */
  | { kind: 'by-hand' }
  | { kind: 'failed'; reason: string; log: Exchange[] }
  /** No usable answer (a timeout, an outage): whether it went is not known yet. */
  | { kind: 'unknown'; reason: string; log: Exchange[] };

/** The pages a sandbox serves in place of the provider's (a payment page, a simulated phone). */
export interface SandboxPage {
  routes: FastifyPluginAsync;
  /** For a payment waiting on the shopper: the simulated phone the waiting screen links to. */
  waitingUrl?(providerPaymentId: string): string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly method: PaymentMethod;
  /** The order's payment method as people see it ('PayPal', 'Sandbox', 'M-Pesa'). */
  readonly label: string;
  /** The shop's payment ids start with this ('MP' → MP-…). */
  readonly idPrefix: string;
  /** Asks a phone, so create-payment needs one (and is throttled per account). */
  readonly asksPhone: boolean;

  start(request: StartRequest): Promise<StartOutcome>;
  /** Redirect providers: completes what the shopper approved; repeating it captures nothing twice. */
  execute?(
    providerPaymentId: string,
    options: { requestId: string; payerId: string | null },
  ): Promise<ExecuteOutcome>;
  /** Providers that call back: where (under PUBLIC_URL), and how to read what they post. */
  callbackPath?: string;
  parseCallback?(body: string | undefined): ParsedCallback;
  /** Asks for the result of a request whose callback has not come. */
  query?(reference: string, now: Date): Promise<QueryOutcome>;
  /** For payments the shopper makes from the M-Pesa menu: what to enter for this much. */
  instructions?(orderId: number, amountCents: number): Paybill;
  /** Gives money back through the provider (all or part); without it, a person refunds by hand. */
  refund?(request: RefundRequest): Promise<RefundOutcome>;
  /** Asks what became of a refund sent and not answered (with the same request key). */
  queryRefund?(request: RefundRequest): Promise<RefundOutcome>;
  sandboxPage?: SandboxPage;
  /** Setting up with the provider before payments come (registering Daraja's C2B URLs). */
  registration?: ProviderRegistration;
}

export interface RegistrationStatus {
  status: 'registered' | 'failed' | 'not registered';
  message: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  registeredAt: string | null;
}

export interface ProviderRegistration {
  /** Registers when it is due, or at once with `force`. */
  ensure(
    context: { db: Db; publicUrl: string; secret: string; log: RegistrationLog },
    options?: { force?: boolean; now?: Date },
  ): Promise<RegistrationStatus>;
  current(db: Db): Promise<RegistrationStatus>;
}

interface RegistrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A failure that says nothing about the payment's state (network, 5xx): safe to retry later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

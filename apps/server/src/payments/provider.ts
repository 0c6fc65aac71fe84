// The one interface every payment provider implements (CONVENTIONS.md 16): PayPal, the sandbox
// that stands in for it, M-Pesa through Daraja and the sandbox that stands in for Daraja. Only
// `start` is required; the rest are capabilities a provider has or has not, and callers ask for a
// capability, never for a class or a name. Every outcome is a tagged result (decision record 017).
// `PaymentMethodTraits` says what a recorded payment of a method means, with or without a provider.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodType } from 'zod';
import type {
  Paybill,
  PaymentMethod,
  PaymentMethods,
  PaymentStatusView,
  PayOnDeliveryTerms,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import type { HttpError } from '../lib/http-error.ts';
import type { OrderRow, PaymentRow } from './repo.ts';

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

/** Where a provider posts the results of its requests, followed by the payment's secret. */
export interface CallbackRoute {
  /** Under PUBLIC_URL ('/api/mpesa/callback'). */
  path: string;
  /** What the API's documentation says of it. */
  summary: string;
  description: string;
  /** What every post is answered, whatever became of it (a provider retries anything else). */
  answer: { body: unknown; schema: ZodType };
}

/** How checkout offers a method (GET /api/payments/methods `kind`). */
export type CheckoutKind = PaymentMethods['methods'][number]['kind'];

/** How money given back is recorded (refunds.method): through a provider, or by hand. */
export type RefundMethod = 'paypal' | 'mpesa' | 'cash' | 'manual';

/** What an order asks of a method before it is made (pay on delivery: its county's terms). */
export interface OrderTerms {
  /** The county delivered to (a pickup point's county), or null when none is chosen yet. */
  county: PayOnDeliveryTerms | null;
  totalCents: number;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly method: PaymentMethod;
  /** The order's payment method as people see it ('PayPal', 'Sandbox', 'M-Pesa'). */
  readonly label: string;
  /** The method as checkout offers it ('PayPal', also when its sandbox takes the payments). */
  readonly checkoutLabel: string;
  /** How checkout offers it: a redirect, a prompt to the phone, the M-Pesa menu, on delivery. */
  readonly kind: CheckoutKind;
  /** Paid from the M-Pesa menu: the Paybill's business number or the Till number. */
  readonly businessNumber?: string;
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
  /**
   * Providers that call back: their address, and how to read what they post. payments/routes.ts
   * serves the address; callbacks.ts checks the payment's secret and settles what was read.
   */
  callback?: CallbackRoute;
  parseCallback?(body: string | undefined): ParsedCallback;
  /** Asks for the result of a request whose callback has not come. */
  query?(reference: string, now: Date): Promise<QueryOutcome>;
  /** For payments the shopper makes from the M-Pesa menu: what to enter for this much. */
  instructions?(orderId: number, amountCents: number): Paybill;
  /**
   * Money that adds up over several payments in (Paybill): the order's payment still open, given
   * again by a new start rather than a second one.
   */
  openPayment?(tx: Tx, orderId: number): Promise<PaymentRow | undefined>;
  /** Why this method cannot pay such an order (pay on delivery's county terms); null when it can. */
  refuseOrder?(order: OrderTerms): HttpError | null;
  /** Gives money back through the provider (all or part); without it, a person refunds by hand. */
  refund?(request: RefundRequest): Promise<RefundOutcome>;
  /** How `refund`'s money going back is recorded ('paypal', 'mpesa'). */
  readonly refundMethod?: RefundMethod;
  /**
   * Checks a refund of this payment before its money is set aside, and says where it goes (M-Pesa:
   * whole shillings, to the phone that paid). Throws what the admin is told when it cannot go.
   */
  prepareRefund?(
    tx: Tx,
    refund: { payment: PaymentRow; order: OrderRow; amountCents: number },
  ): Promise<{ phone: string | null }>;
  /** Asks what became of a refund sent and not answered (with the same request key). */
  queryRefund?(request: RefundRequest): Promise<RefundOutcome>;
  sandboxPage?: SandboxPage;
  /** Setting up with the provider before payments come (registering Daraja's C2B URLs). */
  registration?: ProviderRegistration;
}

/**
 * What a recorded payment of one method means, whether or not the shop runs a provider of it now
 * (a payment outlives a change of configuration): how the shopper's status names it, what stands
 * for a receipt not yet come, what a failure says, how it is given back by hand. One per method,
 * in the method's folder; methods.ts lists them.
 */
export interface PaymentMethodTraits {
  readonly method: PaymentMethod;
  /** GET /api/payments/{id}'s `method` for it. */
  readonly statusMethod: PaymentMethod;
  /** What a failed payment tells the shopper when nothing more precise is known. */
  readonly failedMessage: string;
  /** A request's result code as the shopper reads it (Daraja's 1032: cancelled…). */
  resultMessage?(resultCode: number): string;
  /** A request that never got an answer (M-Pesa is not answering). */
  readonly unansweredMessage?: string;
  /** The status's receipt of a payment paid before its provider named one ('to be confirmed'). */
  readonly receiptWhilePending?: string;
  /** The order's transaction id of a captured payment whose receipt is still to come. */
  readonly transactionIdWhilePending?: string;
  /** How a refund made by hand is recorded ('cash' for money collected at the door). */
  readonly byHandRefund: RefundMethod;
  /** What else the shopper's status view shows (Paybill: what to enter, what came in). */
  statusExtras?(
    view: PaymentStatusView,
    payment: PaymentRow,
    provider: PaymentProvider | undefined,
  ): void;
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

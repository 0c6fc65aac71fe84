// What the payments module works with, built once by its plugin (app.payments): the database, the
// configured providers, and the one function of orders/ that a payment's outcome goes through.
// Payments never imports orders/ (checkout → orders → payments): app.ts hands that function in.
import type { Db, Tx } from '../db/client.ts';
import type { OrderRow } from './repo.ts';
import type { Providers } from './registry.ts';

/** What happened to a payment, as far as its order is concerned. */
export type PaymentOutcome =
  /** The money arrived (captured, or the provider says paid). */
  | { kind: 'paid'; at: Date }
  /** It will not be paid (declined, failed, cancelled): an unpaid order gives its stock back. */
  | { kind: 'failed'; reason: string }
  /** It will be paid on delivery: the order is confirmed and keeps its stock without expiring. */
  | { kind: 'on-delivery' };

/** What the order did about it. */
export type OrderEffect =
  /** It was awaiting payment and is paid now. */
  | 'paid'
  /** It had been cancelled or had expired; its stock was taken again and it is paid. */
  | 'revived'
  /** It had been cancelled and its stock is gone: the order awaits a refund. */
  | 'refund-due'
  /** Another payment paid it already, or it moved on: this money must go back. */
  | 'already-settled'
  /** An unpaid order was cancelled and gave its stock back. */
  | 'released'
  /** It awaits payment on delivery. */
  | 'confirmed'
  | 'unchanged';

/** A refund settled, as orders/ needs it: a credit note for goods, the shopper told. */
export interface SettledRefund {
  id: number;
  orderId: number | null;
  kind: string;
  method: string;
  status: 'confirmed' | 'failed' | string;
  amountCents: number;
  reference: string | null;
  failure: string | null;
  lines: { orderItemId: number; quantity: number; amountCents: number }[] | null;
  deliveryCents: number;
  returnId: number | null;
}

/** orders/: what a refund's result means for its order, in the caller's transaction. */
export type RefundSettled = (tx: Tx, refund: SettledRefund) => Promise<void>;

/** orders/payment-outcome.ts: applies an outcome to the order, in the caller's transaction. */
export type ApplyToOrder = (
  tx: Tx,
  order: OrderRow,
  outcome: PaymentOutcome,
) => Promise<OrderEffect>;

export interface PaymentsLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface Payments {
  db: Db;
  providers: Providers;
  applyToOrder: ApplyToOrder;
  refundSettled: RefundSettled;
  /** A push with no result after this long is asked about (MPESA_QUERY_AFTER_SECONDS). */
  queryAfterMs: number;
  /** Throttles what rings a phone or claims an M-Pesa code, per account (429 when used up). */
  admitPhoneRequest(userId: number): Promise<void>;
  /** The secret path segment of the Paybill/Till URLs registered with Daraja. */
  c2bSecret: string;
  /** The secret path segment of the addresses Daraja posts B2C refunds' results to. */
  b2cSecret: string;
  /** The shop's Paybill or Till: a confirmation for any other short code pays nothing. */
  c2bShortcode: string;
  /** PUBLIC_URL: where providers call back. */
  publicUrl: string;
  log: PaymentsLog;
}

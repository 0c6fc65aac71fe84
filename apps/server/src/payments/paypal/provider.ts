// PayPal as a payment provider: the browser is sent to PayPal to approve, comes back, and the
// payment is captured (Orders v2); refunds by capture refund. The REST protocol is client.ts's.
import { HttpError } from '../../lib/http-error.ts';
import {
  PaymentProviderError,
  type ExecuteOutcome,
  type PaymentProvider,
  type RefundOutcome,
  type RefundRequest,
  type StartOutcome,
  type StartRequest,
} from '../provider.ts';
import type { PayPalClient } from './client.ts';

/** What the shopper is told when a redirect provider cannot start a payment. */
export const couldNotStart = () =>
  new HttpError(
    502,
    'PAYMENT_UNAVAILABLE',
    'We could not start the payment. Please try again in a moment.',
  );

export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal';
  readonly method = 'paypal';
  readonly label = 'PayPal';
  readonly checkoutLabel = 'PayPal';
  readonly kind = 'redirect';
  readonly refundMethod = 'paypal';
  readonly idPrefix = 'PAY';
  readonly asksPhone = false;

  constructor(private readonly client: PayPalClient) {}

  async start(request: StartRequest): Promise<StartOutcome> {
    try {
      const created = await this.client.createPayment({
        orderId: request.orderId,
        amountCents: request.amountCents,
        description: `Duka order ${request.orderId}`,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        requestId: request.requestId,
      });
      return {
        kind: 'redirect',
        providerPaymentId: created.providerPaymentId,
        approveUrl: created.approveUrl,
        settlement: {
          currency: created.settlementCurrency,
          amountMinor: created.settlementAmountMinor,
          exchangeRate: created.exchangeRate,
        },
        log: [],
      };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      return {
        kind: 'failed',
        answer: couldNotStart(),
        cause: err.message,
        mayHaveStarted: false,
        releasesOrder: true,
        log: [],
      };
    }
  }

  async execute(
    providerPaymentId: string,
    options: { requestId: string; payerId: string | null },
  ): Promise<ExecuteOutcome> {
    const result = await this.client.capturePayment(providerPaymentId, {
      requestId: options.requestId,
      payerId: options.payerId ?? undefined,
    });
    return result.status === 'captured'
      ? {
          kind: 'captured',
          transactionId: result.transactionId,
          payerId: result.payerId,
          capturedAt: result.capturedAt,
        }
      : { kind: 'declined', reason: result.reason };
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    if (!request.transactionId) return { kind: 'by-hand' };
    try {
      const { reference } = await this.client.refundCapture(request.transactionId, {
        requestId: `duka-refund-${request.requestKey}`,
        ...(request.settlement ? { amount: request.settlement } : {}),
      });
      return { kind: 'refunded', reference, log: [] };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      // An outage or a lost answer: asked again with the same request id, PayPal says what it did.
      if (err.retryable) return { kind: 'unknown', reason: err.message, log: [] };
      return { kind: 'failed', reason: err.message, log: [] };
    }
  }

  /** PayPal answers a refund asked again with the same request id with what it did the first time. */
  queryRefund(request: RefundRequest): Promise<RefundOutcome> {
    return this.refund(request);
  }
}

// The adapter every payment provider implements. Checkout talks only to this interface, so the
// sandbox and PayPal are interchangeable (DESIGN.md, "Payments").

export interface CreatePaymentInput {
  orderId: number;
  /** What the shopper owes, in KES cents (integer). */
  amountCents: number;
  description: string;
  /** Where the provider sends the browser after approval / cancellation. */
  returnUrl: string;
  cancelUrl: string;
  /** Idempotency key: the same key must never create two payments at the provider. */
  requestId: string;
}

export interface CreatedPayment {
  /** e.g. PayPal's order id. */
  providerPaymentId: string;
  /** Where to send the browser. */
  approveUrl: string;
  /** 'KES' for our sandbox, e.g. 'USD' for PayPal. */
  settlementCurrency: string;
  /** Integer minor units in settlementCurrency. */
  settlementAmountMinor: number;
  /** e.g. '129' (KES per unit), null when no conversion. */
  exchangeRate: string | null;
}

export type CaptureResult =
  | { status: 'captured'; transactionId: string; payerId: string | null; capturedAt: Date }
  | { status: 'declined'; reason: string };

export interface RefundResult {
  /** The provider's id of the refund. */
  reference: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paypal';
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Gives a captured payment back in full; idempotent by request id. */
  refundCapture(transactionId: string, options: { requestId: string }): Promise<RefundResult>;
  /** Idempotent: capturing an already-captured payment answers the original capture. */
  capturePayment(
    providerPaymentId: string,
    options: { requestId: string; payerId?: string | undefined },
  ): Promise<CaptureResult>;
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

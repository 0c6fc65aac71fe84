// The sandbox provider (DESIGN.md, "Payments"): our own payment page with Approve and Cancel, so
// the whole checkout works on a laptop with no accounts. It returns the browser exactly as PayPal
// does, to /excute-payment?paymentId=…&PayerID=… on our own origin. The PayerID is a keyed hash of
// the payment id, so only an approval from our page can be captured, and no state is kept.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ExecuteOutcome,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
  SandboxPage,
  StartOutcome,
} from '../../provider.ts';
import { sandboxPaymentPage } from './routes.ts';

export const SANDBOX_PAGE = '/sandbox-pay';

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly method = 'paypal';
  readonly label = 'Sandbox';
  // Checkout's 'Pay with PayPal' leads to this page when no PayPal account is set.
  readonly checkoutLabel = 'PayPal';
  readonly kind = 'redirect';
  readonly refundMethod = 'paypal';
  readonly idPrefix = 'PAY';
  readonly asksPhone = false;
  readonly sandboxPage: SandboxPage = { routes: sandboxPaymentPage(this) };

  constructor(private readonly secret: string) {}

  async start(): Promise<StartOutcome> {
    // Random (128 bits): the id is the only key to the payment page, so it must not be guessable
    // from the order number.
    const id = `SBX-${randomBytes(16).toString('base64url')}`;
    return {
      kind: 'redirect',
      providerPaymentId: id,
      approveUrl: `${SANDBOX_PAGE}/${id}`,
      settlement: null,
      log: [],
    };
  }

  /** The payer id our payment page hands out when the shopper presses Approve. */
  payerIdFor(providerPaymentId: string): string {
    const mac = createHmac('sha256', this.secret)
      .update(`sandbox-payer:${providerPaymentId}`)
      .digest('hex');
    return `SBXPAYER${mac.slice(0, 12).toUpperCase()}`;
  }

  /** No money moved, so none goes back: the refund is recorded under a reference of our own. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const paid = request.transactionId ?? request.providerPaymentId;
    const hash = createHash('sha256')
      .update(`${paid}:duka-refund-${request.requestKey}`)
      .digest('hex');
    return { kind: 'refunded', reference: `SBXREF${hash.slice(0, 14).toUpperCase()}`, log: [] };
  }

  async execute(
    providerPaymentId: string,
    options: { requestId: string; payerId: string | null },
  ): Promise<ExecuteOutcome> {
    const expected = Buffer.from(this.payerIdFor(providerPaymentId));
    const given = Buffer.from(options.payerId ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { kind: 'declined', reason: 'The payment was not approved.' };
    }
    const transactionId = `SBXTXN${createHash('sha256').update(providerPaymentId).digest('hex').slice(0, 14).toUpperCase()}`;
    return { kind: 'captured', transactionId, payerId: options.payerId, capturedAt: new Date() };
  }
}

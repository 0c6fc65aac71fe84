// The sandbox provider (DESIGN.md, "Payments"): our own payment page with Approve and Cancel, so
// the whole checkout works on a laptop with no accounts. It returns the browser exactly as PayPal
// does, to /excute-payment?paymentId=…&PayerID=… on our own origin. The PayerID is a keyed hash of
// the payment id, so only an approval from our page can be captured, and no state is kept.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  CaptureResult,
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
} from './provider.ts';

export const SANDBOX_PAGE = '/sandbox-pay';

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly secret: string) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    // Random (128 bits): the id is the only key to the payment page, so it must not be guessable
    // from the order number.
    const id = `SBX-${randomBytes(16).toString('base64url')}`;
    return {
      providerPaymentId: id,
      approveUrl: `${SANDBOX_PAGE}/${id}`,
      settlementCurrency: 'KES',
      settlementAmountMinor: input.amountCents,
      exchangeRate: null,
    };
  }

  /** The payer id our payment page hands out when the shopper presses Approve. */
  payerIdFor(providerPaymentId: string): string {
    const mac = createHmac('sha256', this.secret)
      .update(`sandbox-payer:${providerPaymentId}`)
      .digest('hex');
    return `SBXPAYER${mac.slice(0, 12).toUpperCase()}`;
  }

  async capturePayment(
    providerPaymentId: string,
    options: { requestId: string; payerId?: string | undefined },
  ): Promise<CaptureResult> {
    const expected = Buffer.from(this.payerIdFor(providerPaymentId));
    const given = Buffer.from(options.payerId ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { status: 'declined', reason: 'The payment was not approved.' };
    }
    const transactionId = `SBXTXN${createHash('sha256').update(providerPaymentId).digest('hex').slice(0, 14).toUpperCase()}`;
    return { status: 'captured', transactionId, payerId: options.payerId!, capturedAt: new Date() };
  }
}

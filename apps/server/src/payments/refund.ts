// Giving a captured payment back through its provider, where the provider has an API for it:
// PayPal's capture refund, Daraja's transaction reversal (with initiator credentials), and the two
// sandboxes (nothing moved, so the refund is only recorded). Otherwise a person refunds by hand.
import type { MpesaGateway } from './mpesa/gateway.ts';
import { MpesaSandbox } from './mpesa/sandbox-gateway.ts';
import { PaymentProviderError, type PaymentProvider } from './provider.ts';
import type { PaymentRow } from './repo.ts';

export interface RefundDeps {
  paypal: PaymentProvider;
  mpesa: MpesaGateway;
  /** PUBLIC_URL: Daraja posts the reversal's result under it. */
  baseUrl: string;
}

export type ProviderRefund =
  | { kind: 'refunded'; reference: string; log: { kind: string; body: string }[] }
  | { kind: 'by-hand' }
  | { kind: 'failed'; reason: string; log: { kind: string; body: string }[] };

export async function refundAtProvider(
  deps: RefundDeps,
  payment: PaymentRow,
): Promise<ProviderRefund> {
  const receipt = payment.transactionId;
  if (payment.method === 'mpesa') {
    if (payment.provider === 'mpesa-sandbox' && deps.mpesa instanceof MpesaSandbox) {
      return { kind: 'refunded', reference: `SBXREV-${payment.id}`, log: [] };
    }
    const reverse = deps.mpesa.reverse;
    if (payment.provider !== deps.mpesa.name || !reverse || !receipt) return { kind: 'by-hand' };
    const outcome = await reverse({
      receipt,
      amountShillings: payment.amountCents / 100,
      resultUrl: `${deps.baseUrl}/api/mpesa/reversal/${encodeURIComponent(payment.providerPaymentId)}`,
      remarks: `Refund of Duka order ${payment.orderId}`,
    });
    return outcome.kind === 'accepted'
      ? { kind: 'refunded', reference: outcome.reference, log: outcome.log }
      : { kind: 'failed', reason: outcome.reason, log: outcome.log };
  }
  // PayPal, or our own PayPal sandbox: only the provider that took the payment can give it back.
  if (payment.provider !== deps.paypal.name) return { kind: 'by-hand' };
  if (!receipt && payment.provider !== 'sandbox') return { kind: 'by-hand' };
  try {
    const { reference } = await deps.paypal.refundCapture(receipt ?? payment.providerPaymentId, {
      requestId: `duka-refund-${payment.id}`,
    });
    return { kind: 'refunded', reference, log: [] };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    return { kind: 'failed', reason: err.message, log: [] };
  }
}

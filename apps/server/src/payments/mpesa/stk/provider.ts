// M-Pesa Express (STK push) as a payment provider: a push to the shopper's phone, the result by
// callback or by the query API, refunds by B2C to the payer's phone (b2c/refunds.ts). The same
// provider talks to Daraja or to the built-in sandbox that stands in for it (with its simulated
// phone as a sandbox page).
import { MPESA_MESSAGES } from '@duka/domain';
import { HttpError, unprocessable } from '../../../lib/http-error.ts';
import { ACCEPTED, acceptedSchema } from '../daraja/accepted.ts';
import type {
  CallbackRoute,
  ParsedCallback,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
  SandboxPage,
  StartOutcome,
  StartRequest,
} from '../../provider.ts';
import type { B2cRefunds } from '../b2c/refunds.ts';
import { parseCallback } from './callback.ts';
import type { PushOutcome, StkApi } from './api.ts';

/** Where Daraja posts the result of a push (under PUBLIC_URL, then the payment's secret). */
export const CALLBACK_PATH = '/api/mpesa/callback';

export class MpesaProvider implements PaymentProvider {
  readonly method = 'mpesa';
  readonly label = 'M-Pesa';
  readonly checkoutLabel = 'M-Pesa';
  readonly kind = 'prompt';
  readonly idPrefix = 'MP';
  readonly asksPhone = true;
  readonly callback: CallbackRoute = {
    path: CALLBACK_PATH,
    summary: "Daraja's STK callback (M-Pesa Express)",
    description:
      'Daraja posts the result of a push here. The last path segment is the payment’s secret; without it nothing is settled. Every callback is recorded and answered {"ResultCode":0,"ResultDesc":"Accepted"}.',
    answer: { body: ACCEPTED, schema: acceptedSchema },
  };
  readonly refund?: (request: RefundRequest) => Promise<RefundOutcome>;
  readonly queryRefund?: (request: RefundRequest) => Promise<RefundOutcome>;
  readonly prepareRefund?: B2cRefunds['prepare'];
  readonly refundMethod = 'mpesa';
  readonly sandboxPage?: SandboxPage;

  constructor(
    readonly name: 'mpesa' | 'mpesa-sandbox',
    private readonly api: StkApi,
    extras: {
      /** The built-in sandbox's simulated phone, which answers through this provider's callbacks. */
      sandboxPage?: (provider: MpesaProvider) => SandboxPage;
      /** B2C, when refunds can go through M-Pesa (initiator credentials, or the sandbox). */
      refunds?: B2cRefunds | undefined;
    } = {},
  ) {
    const { refunds } = extras;
    if (refunds) {
      this.refund = (request) => refunds.refund(request);
      this.queryRefund = (request) => refunds.queryRefund(request);
      this.prepareRefund = refunds.prepare;
    }
    if (extras.sandboxPage) this.sandboxPage = extras.sandboxPage(this);
  }

  async start(request: StartRequest): Promise<StartOutcome> {
    if (request.amountCents % 100 !== 0) {
      throw new Error(
        `order ${request.orderId} total ${request.amountCents} is not whole shillings`,
      );
    }
    const outcome: PushOutcome = await this.api
      .push({
        amountShillings: request.amountCents / 100,
        phone: request.phone!,
        callbackUrl: request.callbackUrl,
        accountReference: `DUKA${request.orderId}`,
        description: `Order ${request.orderId}`,
      })
      .catch((err: unknown) => ({ kind: 'unknown' as const, reason: String(err), log: [] }));
    const notAnswering = () =>
      new HttpError(503, 'MPESA_UNAVAILABLE', MPESA_MESSAGES.notAnswering, undefined, {
        'Retry-After': '60',
      });
    switch (outcome.kind) {
      case 'accepted':
        return {
          kind: 'waiting',
          reference: outcome.checkoutRequestId,
          merchantReference: outcome.merchantRequestId,
          log: outcome.log,
        };
      case 'refused':
        return {
          kind: 'failed',
          answer: unprocessable(
            `M-Pesa did not accept the request: ${outcome.errorMessage}`,
            'MPESA_REFUSED',
          ),
          cause: `Daraja refused the push: ${outcome.errorCode} ${outcome.errorMessage}`,
          mayHaveStarted: false,
          releasesOrder: false,
          log: outcome.log,
        };
      case 'unavailable':
      case 'unknown':
        return {
          kind: 'failed',
          answer: notAnswering(),
          cause: `Daraja push failed: ${outcome.reason}`,
          // An unknown push may still ring the phone: its callback is waited for.
          mayHaveStarted: outcome.kind === 'unknown',
          releasesOrder: false,
          log: outcome.log,
        };
    }
  }

  parseCallback(body: string | undefined): ParsedCallback {
    const parsed = parseCallback(body);
    if (!parsed.ok) return { kind: 'malformed', reason: parsed.reason };
    const { result } = parsed;
    return {
      kind: 'result',
      reference: result.checkoutRequestId,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      paid: result.paid
        ? {
            amountCents: result.paid.amountShillings * 100,
            receipt: result.paid.receipt,
            paidAt: result.paid.paidAt,
          }
        : null,
    };
  }

  query(reference: string, now: Date) {
    return this.api.query(reference, now);
  }
}

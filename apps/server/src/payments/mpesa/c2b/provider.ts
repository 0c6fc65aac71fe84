// M-Pesa from the menu as a payment provider: the shopper pays the shop's Paybill (the order number
// as the account number) or Till, and the payment is matched to the order when Daraja confirms it
// (paid-in.ts). Starting one asks nobody: it only says what to enter, and an order's payment still
// open is given again, since money adds up on it. Its money goes back by B2C to the payer's
// phone, like a push's.
import type { Paybill } from '@duka/domain';
import type { Tx } from '../../../db/client.ts';
import type {
  PaymentProvider,
  ProviderRegistration,
  RefundOutcome,
  RefundRequest,
  SandboxPage,
  StartOutcome,
  StartRequest,
} from '../../provider.ts';
import type { B2cRefunds } from '../b2c/refunds.ts';
import { openPaybillPayment } from './open-payment.ts';

export class PaybillProvider implements PaymentProvider {
  readonly name: 'mpesa-paybill' | 'mpesa-till';
  readonly method = 'mpesa_paybill';
  readonly label: string;
  readonly checkoutLabel: string;
  readonly idPrefix = 'PB';
  readonly asksPhone = false;
  readonly sandboxPage?: SandboxPage;
  readonly registration?: ProviderRegistration;
  readonly refund?: (request: RefundRequest) => Promise<RefundOutcome>;
  readonly queryRefund?: (request: RefundRequest) => Promise<RefundOutcome>;
  readonly prepareRefund?: B2cRefunds['prepare'];
  readonly refundMethod = 'mpesa';

  constructor(
    readonly kind: 'paybill' | 'till',
    readonly businessNumber: string,
    extras: {
      /** The built-in sandbox's M-Pesa menu, which pays through the same confirmation code. */
      sandboxPage?: SandboxPage;
      /** Daraja's URL registration, when Daraja is configured. */
      registration?: ProviderRegistration;
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
    if (extras.sandboxPage) this.sandboxPage = extras.sandboxPage;
    if (extras.registration) this.registration = extras.registration;
    this.name = kind === 'till' ? 'mpesa-till' : 'mpesa-paybill';
    this.label = kind === 'till' ? 'M-Pesa Till' : 'M-Pesa Paybill';
    this.checkoutLabel = this.label;
  }

  openPayment(tx: Tx, orderId: number) {
    return openPaybillPayment(tx, orderId);
  }

  async start(request: StartRequest): Promise<StartOutcome> {
    return {
      kind: 'instructions',
      paybill: this.instructions(request.orderId, request.amountCents),
      log: [],
    };
  }

  instructions(orderId: number, amountCents: number): Paybill {
    return {
      kind: this.kind,
      business_number: this.businessNumber,
      account_number: this.kind === 'till' ? '' : String(orderId),
      amount: Math.ceil(amountCents / 100),
    };
  }
}

// M-Pesa money given back as a provider capability (`refund`, `queryRefund`, `prepareRefund`): a
// B2C payment to the payer's phone, for the STK push and the Paybill/Till providers alike (decision
// record 029). The refund's request key is the OriginatorConversationID, so the result names its
// refund.
import type { RefundOutcome, RefundRequest } from '../../provider.ts';
import type { B2cApi } from './api.ts';
import { checkB2cRefund } from './refund-checks.ts';
import { b2cUrl } from './urls.ts';

export class B2cRefunds {
  constructor(
    readonly api: B2cApi,
    /** The secret last segment of the result addresses (urls.ts). */
    private readonly secret: string,
  ) {}

  /** Before the money is set aside: the phone it goes to, in whole shillings. */
  readonly prepare = checkB2cRefund;

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    if (!request.phone) return { kind: 'by-hand' };
    // M-Pesa moves no cents: `prepare` refuses them before anything is set aside.
    if (request.amountCents % 100 !== 0) {
      return { kind: 'failed', reason: 'M-Pesa pays whole shillings only.', log: [] };
    }
    const outcome = await this.api.payOut({
      originatorConversationId: request.requestKey,
      amountShillings: request.amountCents / 100,
      phone: request.phone,
      remarks:
        request.orderId === null
          ? 'Refund of an M-Pesa payment to Duka'
          : `Refund of Duka order ${request.orderId}`,
      occasion: `Refund ${request.refundId}`,
      resultUrl: b2cUrl(request.baseUrl, 'result', this.secret),
      timeoutUrl: b2cUrl(request.baseUrl, 'timeout', this.secret),
    });
    switch (outcome.kind) {
      case 'accepted':
        return { kind: 'sent', providerRef: outcome.conversationId, log: outcome.log };
      case 'refused':
        return { kind: 'failed', reason: outcome.reason, log: outcome.log };
      case 'unknown':
        return { kind: 'unknown', reason: outcome.reason, log: outcome.log };
    }
  }

  /** Asks what became of it; the answer comes to the status address, so it stays 'sent'. */
  async queryRefund(request: RefundRequest): Promise<RefundOutcome> {
    const outcome = await this.api.askStatus({
      originatorConversationId: request.requestKey,
      resultUrl: b2cUrl(request.baseUrl, 'status', this.secret),
      timeoutUrl: b2cUrl(request.baseUrl, 'status-timeout', this.secret),
    });
    return outcome.kind === 'accepted'
      ? { kind: 'sent', providerRef: request.requestKey, log: outcome.log }
      : { kind: 'unknown', reason: outcome.reason, log: outcome.log };
  }
}

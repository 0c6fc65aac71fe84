// The built-in M-Pesa sandbox pays refunds too (no Daraja credentials): a B2C request is taken at
// once and, a moment later, its result in Daraja's shape goes through the same code Daraja's
// results take (mpesa/b2c/results.ts), in this process. Nothing is kept: the receipt is derived from the
// request's OriginatorConversationID, so the status query (after a restart lost the result) answers
// the same payment with the same receipt. No money moves.
import { createHmac, randomBytes } from 'node:crypto';
import type {
  B2cApi,
  PayOutOutcome,
  PayOutRequest,
  StatusOutcome,
  StatusRequest,
} from '../../mpesa/b2c/api.ts';
import { maskedJson } from '../../mpesa/daraja/mask.ts';

/** Hands a body to the shop's result address (set by the sandbox's routes, in process). */
export type Deliver = (url: string, body: string) => Promise<void>;

type Parameter = { Key: string; Value?: string | number };

const result = (fields: Record<string, unknown>, parameters: Parameter[]) => ({
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    ...fields,
    ResultParameters: { ResultParameter: parameters },
  },
});

export class SandboxB2c implements B2cApi {
  /** How long a result takes to come (a real one takes seconds). */
  delayMs = 1_500;
  private readonly key: Buffer;
  private deliver: Deliver | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('mpesa-sandbox-b2c').digest();
  }

  deliverTo(deliver: Deliver) {
    this.deliver = deliver;
  }

  /** Waits until every result on its way was delivered (tests; nothing is timed). */
  async delivered(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.allSettled([...this.running]);
    }
  }

  /** Results not delivered yet are dropped: their status is asked for after a restart. */
  stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.deliver = null;
  }

  /** The sandbox's receipt of a B2C payment: ten capitals and digits, the same every time. */
  receiptOf(originatorConversationId: string): string {
    const digest = createHmac('sha256', this.key).update(originatorConversationId).digest();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    return `SBR${Array.from(digest.subarray(0, 7), (byte) => alphabet[byte % 36]).join('')}`;
  }

  async payOut(request: PayOutRequest): Promise<PayOutOutcome> {
    const conversationId = `AG_SBX_${randomBytes(8).toString('hex')}`;
    const receipt = this.receiptOf(request.originatorConversationId);
    this.later(
      request.resultUrl,
      result(
        {
          OriginatorConversationID: request.originatorConversationId,
          ConversationID: conversationId,
          TransactionID: receipt,
        },
        [
          { Key: 'TransactionAmount', Value: request.amountShillings },
          { Key: 'TransactionReceipt', Value: receipt },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          { Key: 'ReceiverPartyPublicName', Value: `${request.phone} - M-Pesa sandbox` },
        ],
      ),
    );
    const answer = {
      ConversationID: conversationId,
      OriginatorConversationID: request.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully. (M-Pesa sandbox)',
    };
    return {
      kind: 'accepted',
      conversationId,
      log: [
        {
          kind: 'b2c',
          body: maskedJson({
            OriginatorConversationID: request.originatorConversationId,
            CommandID: 'BusinessPayment',
            Amount: request.amountShillings,
            PartyB: request.phone,
            Remarks: request.remarks,
            ResultURL: request.resultUrl,
          }),
        },
        { kind: 'b2c-answer', body: maskedJson(answer) },
      ],
    };
  }

  /** Every sandbox payment went through: the status names it completed, with its receipt. */
  async askStatus(request: StatusRequest): Promise<StatusOutcome> {
    const receipt = this.receiptOf(request.originatorConversationId);
    this.later(
      request.resultUrl,
      result(
        {
          OriginatorConversationID: `SBX-${randomBytes(4).toString('hex')}`,
          ConversationID: `AG_SBX_${randomBytes(8).toString('hex')}`,
          TransactionID: receipt,
        },
        [
          { Key: 'ReceiptNo', Value: receipt },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'Originator Conversation ID', Value: request.originatorConversationId },
        ],
      ),
    );
    const body = {
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: request.originatorConversationId,
      ResultURL: request.resultUrl,
    };
    return { kind: 'accepted', log: [{ kind: 'b2c-status', body: maskedJson(body) }] };
  }

  private later(url: string, body: unknown) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = (this.deliver?.(url, JSON.stringify(body)) ?? Promise.resolve())
        .catch(() => undefined)
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, this.delayMs);
    this.timers.add(timer);
  }
}

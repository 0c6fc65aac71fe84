// Daraja's Business to Customer payment (v3) and transaction status query, with the shop's
// initiator credentials: how M-Pesa money goes back to a phone (decision record 029). Both are
// asynchronous: the synchronous answer only says Daraja took the request; what happened comes to
// the ResultURL (results.ts). A B2C request is sent once per attempt: after an answer that is
// not clear, or none, its status is asked instead (DarajaClient.post never sends 'b2c' twice).
import { z } from 'zod';
import type { B2cApi, PayOutOutcome, PayOutRequest, StatusOutcome, StatusRequest } from './api.ts';
import { darajaErrorOf, type DarajaTransport } from '../daraja/http.ts';
import { maskedJson } from '../daraja/mask.ts';
import type { Exchange } from '../../provider.ts';

export interface InitiatorOptions {
  initiatorName: string;
  /** The initiator's password encrypted with Safaricom's certificate. */
  securityCredential: string;
  /** The B2C short code the money is paid from. */
  shortcode: string;
}

const acceptedSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().optional(),
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string().optional(),
});

/** An answer with a ResponseCode: '0' took the request, anything else refused it. */
const answeredSchema = acceptedSchema.partial({ ConversationID: true });

export class DarajaB2c implements B2cApi {
  constructor(
    private readonly client: DarajaTransport,
    private readonly options: InitiatorOptions,
  ) {}

  async payOut(request: PayOutRequest): Promise<PayOutOutcome> {
    const body = {
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: this.options.initiatorName,
      SecurityCredential: this.options.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: request.amountShillings,
      PartyA: this.options.shortcode,
      PartyB: request.phone,
      Remarks: request.remarks.slice(0, 100),
      QueueTimeOutURL: request.timeoutUrl,
      ResultURL: request.resultUrl,
      Occasion: request.occasion.slice(0, 100),
    };
    const log: Exchange[] = [{ kind: 'b2c', body: maskedJson(body, this.client.secrets) }];
    const attempt = await this.client.post('/mpesa/b2c/v3/paymentrequest', body, 'b2c', log);
    if ('failure' in attempt) {
      // Surely never left (no connection, no token): nothing was sent, a person tries again.
      return attempt.maybeArrived
        ? { kind: 'unknown', reason: attempt.failure, log }
        : { kind: 'refused', reason: `M-Pesa could not be reached: ${attempt.failure}`, log };
    }
    const { status, body: answer } = attempt.answer;
    const accepted = acceptedSchema.safeParse(answer);
    if (status < 300 && accepted.success && accepted.data.ResponseCode === '0') {
      return { kind: 'accepted', conversationId: accepted.data.ConversationID, log };
    }
    // A 5xx or 429 says nothing sure about the payment: its status is asked.
    if (status >= 500 || status === 429) {
      return { kind: 'unknown', reason: `Daraja answered HTTP ${status}`, log };
    }
    const error = darajaErrorOf(answer);
    if (error) return { kind: 'refused', reason: error, log };
    const answered = answeredSchema.safeParse(answer);
    if (answered.success && answered.data.ResponseCode !== '0') {
      const words = answered.data.ResponseDescription ?? '';
      return { kind: 'refused', reason: `${answered.data.ResponseCode} ${words}`.trim(), log };
    }
    if (status < 300)
      return { kind: 'unknown', reason: 'Daraja answered in an unknown shape', log };
    return { kind: 'refused', reason: `HTTP ${status}`, log };
  }

  async askStatus(request: StatusRequest): Promise<StatusOutcome> {
    const body = {
      Initiator: this.options.initiatorName,
      SecurityCredential: this.options.securityCredential,
      CommandID: 'TransactionStatusQuery',
      // Daraja's name for the OriginatorConversationID of the request asked about.
      OriginalConversationID: request.originatorConversationId,
      PartyA: this.options.shortcode,
      IdentifierType: '4', // an organisation's short code
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
      Remarks: 'Status of a refund',
      // Comes back in the result's ReferenceData, should its parameters not name the request.
      Occasion: request.originatorConversationId,
    };
    const log: Exchange[] = [{ kind: 'b2c-status', body: maskedJson(body, this.client.secrets) }];
    const attempt = await this.client.post(
      '/mpesa/transactionstatus/v1/query',
      body,
      'b2c-status',
      log,
    );
    if ('failure' in attempt) return { kind: 'failed', reason: attempt.failure, log };
    const { status, body: answer } = attempt.answer;
    const answered = answeredSchema.safeParse(answer);
    if (status < 300 && answered.success && answered.data.ResponseCode === '0') {
      return { kind: 'accepted', log };
    }
    return { kind: 'failed', reason: darajaErrorOf(answer) ?? `HTTP ${status}`, log };
  }
}

// Money going back to a phone through M-Pesa (Business to Customer, decision record 029), as the
// shop speaks it whoever answers: Safaricom's Daraja, or the built-in sandbox. The B2C request is
// sent once per attempt; its result comes later to a ResultURL, and when it does not, the
// transaction status query asks for it (its answer also comes to a ResultURL).
import type { Exchange } from '../../provider.ts';

export interface PayOutRequest {
  /** Our id of this attempt (the refund's request key): the result names it back. */
  originatorConversationId: string;
  /** Whole shillings: M-Pesa moves no cents. */
  amountShillings: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  remarks: string;
  occasion: string;
  /** Where Daraja posts the result, and where it says the request timed out in its queue. */
  resultUrl: string;
  timeoutUrl: string;
}

export type PayOutOutcome =
  /** Daraja took the request (ConversationID); the result comes to the ResultURL. */
  | { kind: 'accepted'; conversationId: string; log: Exchange[] }
  /** Daraja answered that it will not pay this: nothing was sent. */
  | { kind: 'refused'; reason: string; log: Exchange[] }
  /** No usable answer: the request may or may not have been taken (never sent twice). */
  | { kind: 'unknown'; reason: string; log: Exchange[] };

export interface StatusRequest {
  /** The B2C request asked about (its OriginatorConversationID). */
  originatorConversationId: string;
  resultUrl: string;
  timeoutUrl: string;
}

export type StatusOutcome =
  /** The question was taken; the answer comes to the ResultURL. */
  { kind: 'accepted'; log: Exchange[] } | { kind: 'failed'; reason: string; log: Exchange[] };

export interface B2cApi {
  payOut(request: PayOutRequest): Promise<PayOutOutcome>;
  askStatus(request: StatusRequest): Promise<StatusOutcome>;
}

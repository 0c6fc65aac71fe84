// M-Pesa Express (STK push) as the shop speaks it, whoever answers: Safaricom's Daraja, or the
// built-in sandbox that stands in for it on a laptop. A push only asks the phone; the result comes
// later by callback or by the query API (decision record 012). provider.ts makes a payment
// provider of either.
import type { Exchange, QueryOutcome } from '../../provider.ts';

export type { Exchange, QueryOutcome };

export interface PushRequest {
  /** Whole shillings: M-Pesa moves no cents. */
  amountShillings: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  /** Where Daraja posts the result; carries this payment's secret. */
  callbackUrl: string;
  /** At most 12 characters (Daraja's limit). */
  accountReference: string;
  /** At most 13 characters (Daraja's limit). */
  description: string;
}

export type PushOutcome =
  /** Daraja took the request; the phone is being asked. Nothing is paid yet. */
  | { kind: 'accepted'; checkoutRequestId: string; merchantRequestId: string; log: Exchange[] }
  /** Daraja answered that it will not send this push (4xx with errorMessage). */
  | { kind: 'refused'; errorCode: string; errorMessage: string; log: Exchange[] }
  /** Daraja could not be reached or failed (5xx), after retries: no push was sent. */
  | { kind: 'unavailable'; reason: string; log: Exchange[] }
  /** The request left but no answer came back: a push may or may not be on its way. */
  | { kind: 'unknown'; reason: string; log: Exchange[] };

export interface StkApi {
  push(request: PushRequest): Promise<PushOutcome>;
  /** `now` is the asker's clock (Daraja keeps its own; the sandbox times prompts out by it). */
  query(checkoutRequestId: string, now?: Date): Promise<QueryOutcome>;
}

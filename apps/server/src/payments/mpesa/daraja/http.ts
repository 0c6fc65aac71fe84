// What Daraja's calls share, apart from the client that makes them: an answer, how a call ended,
// Daraja's error body, and the one call B2C needs of the client (b2c/daraja.ts depends on this,
// not on the client, which builds it: no import circle).
import { z } from 'zod';
import type { Exchange } from '../../provider.ts';

export interface Answer {
  status: number;
  body: unknown;
}

/** How a call ended: an answer, or no answer and whether the request may have arrived. */
export type Attempt = { answer: Answer } | { failure: string; maybeArrived: boolean };

/** Sends one authorised request to Daraja, its exchange logged with secrets masked. */
export interface DarajaTransport {
  post(path: string, body: unknown, what: string, log: Exchange[]): Promise<Attempt>;
  /** Secrets that must never appear in a stored body or a log line. */
  readonly secrets: string[];
}

export const errorSchema = z.object({
  requestId: z.string().optional(),
  errorCode: z.string(),
  errorMessage: z.string().optional(),
});

/** Daraja's error body in words ('400.002.02 Bad Request - Invalid PartyB'), if it is one. */
export function darajaErrorOf(body: unknown): string | undefined {
  const error = errorSchema.safeParse(body);
  return error.success
    ? `${error.data.errorCode} ${error.data.errorMessage ?? ''}`.trim()
    : undefined;
}

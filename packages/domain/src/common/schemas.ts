import { z } from 'zod';

/** The one error shape of every API answer that is not a success (DESIGN.md, HTTP API). */
export const apiErrorSchema = z
  .object({
    error: z.string().describe('A message for a person'),
    code: z.string().describe('A machine-readable code, e.g. VALIDATION_FAILED'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('For validation errors: the message for each bad field'),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Bounds of PostgreSQL's integer: every id, quantity, stock and price column is one. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

const said = (message: string | undefined) =>
  message === undefined ? undefined : { error: message };

/**
 * A whole number an integer column holds. Every integer a request carries is one of these (or
 * narrower), so that a number too big for the database is a 400, never a failed query. `message`,
 * when given, is what a wrong value of any kind is told.
 */
export function int32(message?: string) {
  return z
    .number(said(message))
    .int(said(message))
    .min(INT32_MIN, said(message))
    .max(INT32_MAX, said(message));
}

/** The same, read from text: query strings and path parameters. */
export function int32FromText(message?: string) {
  return z.coerce
    .number(said(message))
    .int(said(message))
    .min(INT32_MIN, said(message))
    .max(INT32_MAX, said(message));
}

export const idParamSchema = z.object({ id: int32FromText().positive() });

/** Paging for lists: `skip` rows are passed over and at most `limit` are returned. */
export function pagingQuery(defaultLimit: number, maxLimit = 100) {
  return {
    limit: int32FromText().min(1).max(maxLimit).default(defaultLimit),
    skip: int32FromText().min(0).max(10_000_000).default(0),
  };
}

export const messageSchema = z.object({ message: z.string() });

/** Money on the wire is integer cents of Kenyan shillings. */
export const centsSchema = z.number().int().min(0).describe('Kenyan shillings × 100 (cents)');

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

export const idParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Paging for lists: `skip` rows are passed over and at most `limit` are returned. */
export function pagingQuery(defaultLimit: number, maxLimit = 100) {
  return {
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  };
}

export const messageSchema = z.object({ message: z.string() });

/** Money on the wire is integer cents of Kenyan shillings. */
export const centsSchema = z.number().int().min(0).describe('Kenyan shillings × 100 (cents)');

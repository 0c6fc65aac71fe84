// The phone routes' bad input, each with its own code (PHONE_INVALID, CODE_INVALID) so the web can
// say it in the shopper's language. The routes validate with the shared schemas as every route
// does, but keep the failure (attachValidation) to answer it here.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';

const CODE_OF_FIELD: Record<string, string> = { phone: 'PHONE_INVALID', code: 'CODE_INVALID' };

/** The validated body, or a 400 `{error, code, fields}` naming each bad field. */
export function checkedBody<S extends z.ZodType>(
  request: FastifyRequest & { body: z.output<S> },
  schema: S,
): z.output<S> {
  const failure = request.validationError;
  if (!failure) return request.body;
  // The rule of every route (a control character, malformed text) already names its field.
  if (failure instanceof HttpError) throw failure;
  const parsed = schema.safeParse(request.body);
  const issues = parsed.success ? [] : parsed.error.issues;
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  const [field, message] = Object.entries(fields)[0] ?? ['_', 'Invalid body'];
  throw new HttpError(400, CODE_OF_FIELD[field] ?? 'VALIDATION_FAILED', message, fields);
}

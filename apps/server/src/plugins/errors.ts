// One error shape for every failure: {error, code, fields?}. 5xx answers never carry details.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/failures.ts';
import { HttpError, validationFailed } from '../lib/http-error.ts';

function fieldsOf(
  issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>,
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const issuePath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue
      ?.path;
    const key =
      issuePath && issuePath.length > 0
        ? issuePath.map(String).join('.')
        : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export default fp(
  async (app) => {
    app.setErrorHandler((raw: FastifyError, request, reply) => {
      // A schema's refusal is shaped like every other 400 (lib/validator-compiler.ts makes one too).
      const error = hasZodFastifySchemaValidationErrors(raw)
        ? validationFailed(raw.validationContext ?? 'request', fieldsOf(raw.validation))
        : raw;
      if (error instanceof HttpError) {
        // An answer caused by an outside service (a provider refused, timed out, was unreachable):
        // the operator needs to know why (the provider's status, code and message; secrets are
        // masked where the cause was written), the person gets the message.
        if (error.cause !== undefined) {
          request.log.warn({ err: error.cause, code: error.code }, 'an outside service failed');
        }
        if (error.headers) void reply.headers(error.headers);
        return reply.code(error.statusCode).send({
          error: error.message,
          code: error.code,
          ...(error.fields ? { fields: error.fields } : {}),
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.code(429).send({
          error: 'Too many requests. Please wait a moment and try again.',
          code: 'RATE_LIMITED',
        });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported media type…).
        return reply.code(status).send({ error: error.message, code: error.code ?? 'BAD_REQUEST' });
      }
      // The database went away (or stayed in conflict after the retries): nothing was wrong with
      // the request, and a transaction that failed this way was rolled back, so it may be sent
      // again. A 503 with Retry-After says exactly that to browsers and load balancers.
      if (isDatabaseUnavailable(error) || isTransactionConflict(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('Retry-After', '2').send({
          error: 'The shop is busy for a moment. Please try again in a few seconds.',
          code: 'UNAVAILABLE',
        });
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    });
  },
  { name: 'errors' },
);

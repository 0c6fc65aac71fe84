// Fastify's validator compiler: the zod type provider's, behind one rule that holds for every
// route: every text of a body, query string or path is free of control characters and is well-formed
// Unicode (see packages/domain/src/common/text.ts). It runs before the schema, so no text with NUL
// reaches the database (PostgreSQL refuses it with an error), whatever the schema says of that
// field or whether it knows the field at all.
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { findInvalidText } from '@duka/domain';
import { validationFailed } from './http-error.ts';

const CHECKED_PARTS = new Set(['body', 'querystring', 'params']);

type ZodCompiler = typeof zodValidatorCompiler;

export const validatorCompiler: ZodCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  const part = route.httpPart ?? 'request';
  if (!CHECKED_PARTS.has(part)) return validate;
  return (data) => {
    const invalid = findInvalidText(data);
    if (!invalid) return validate(data);
    const field = invalid.path.length > 0 ? invalid.path.join('.') : '_';
    // An Error is passed through by Fastify as it is; the error handler sends its shape.
    return { error: validationFailed(part, { [field]: invalid.message }) };
  };
};

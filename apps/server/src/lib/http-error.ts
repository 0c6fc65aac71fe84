/** An error meant for the person who made the request: its message is sent as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** What went wrong outside (a provider's refusal, a timeout): logged, never sent. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** The same answer, carrying the outside failure that caused it (plugins/errors.ts logs it). */
export function causedBy(error: HttpError, cause: unknown): HttpError {
  return new HttpError(error.statusCode, error.code, error.message, error.fields, error.headers, {
    cause,
  });
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'VALIDATION_FAILED', message, fields);
/**
 * The 400 of a request part (`body`, `querystring`, `params`) that failed validation; `fields` maps
 * each bad field's path (`tags.0`; `_` for the part as a whole) to its message.
 */
export function validationFailed(where: string, fields: Record<string, string>): HttpError {
  const first = Object.entries(fields)[0];
  const message = first
    ? `Invalid ${where}: ${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}`
    : `Invalid ${where}`;
  return badRequest(message, fields);
}

export const unauthorized = (message = 'Please log in to continue.') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
export const unprocessable = (message: string, code = 'BUSINESS_RULE') =>
  new HttpError(422, code, message);

/** The one helper for "no such record": throws the 404 when the value is missing. */
export function found<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw notFound(what);
  return value;
}

// What a database error means for the request that met it: a conflict between transactions that
// PostgreSQL rolled back (worth running again), or a lost or refused connection (answer 503).

/** SQLSTATE of an error, looking through the wrappers Drizzle puts around the driver's error. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A deadlock (40P01) or a serialization failure (40001): PostgreSQL rolled the whole transaction
 * back, so running it again from the start is safe.
 */
export function isTransactionConflict(err: unknown): boolean {
  const state = sqlStateOf(err);
  return state === '40P01' || state === '40001';
}

// Node's socket errors, and node-postgres's own words for a connection that went away or that
// the pool could not hand out in time (every connection busy, as in a rush on one coupon).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
// (A pool that was ended is not among them: it never recovers, so "try again" would be untrue.)
const LOST_CONNECTION =
  /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/**
 * The database could not be reached or dropped the connection: class 08 (connection exception),
 * 57P01–57P03 (the server shut down or is starting), 53300 (too many connections), a socket
 * error, or no connection free in the pool in time. Nothing about the request was wrong; it may be
 * sent again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
      if (SOCKET_CODES.has(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

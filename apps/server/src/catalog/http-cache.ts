// HTTP caching of the public catalogue: every 200 answer carries an ETag (a hash of the body) and
// Cache-Control; a request whose If-None-Match names the current ETag gets 304 and no body.
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Visitors' answers may be reused for a few seconds, and served stale for a minute while a fresh
 * one is fetched: the catalogue changes rarely and nobody notices ten seconds.
 */
export const PUBLIC_CACHING = 'public, max-age=10, stale-while-revalidate=60';

/**
 * Requests with a token are revalidated every time: the same screens serve the back office,
 * which must see its own edit at once (and a 304 still saves the body).
 */
export const PRIVATE_CACHING = 'private, no-cache';

/** Does an If-None-Match header name this ETag? Weak comparison, as RFC 9110 asks for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

export async function httpCaching(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
    return payload;
  }
  // Weak: the same JSON is still "the same" when compression re-encodes it.
  const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
  const vary = reply.getHeader('vary');
  reply
    .header('etag', etag)
    .header('cache-control', request.headers.authorization ? PRIVATE_CACHING : PUBLIC_CACHING)
    .header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}

import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Where people and providers reach the shop: PUBLIC_URL, else the address this request came to.
 * Payment return links and provider callbacks are built on it.
 */
export function publicBaseUrl(config: Config, request: FastifyRequest): string {
  return config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}

// What a refund needs from the running app: both providers, and the shop's public address (where
// Daraja posts a reversal's result).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RefundDeps } from './refunds.ts';

export function refundDeps(app: FastifyInstance, request: FastifyRequest) {
  const baseUrl =
    app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  return {
    db: app.database.db,
    paypal: app.payments,
    mpesa: app.mpesa,
    baseUrl,
  } satisfies RefundDeps & { db: unknown };
}

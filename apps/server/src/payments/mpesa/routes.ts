// M-Pesa's own addresses, beside the push's callback (which every provider that calls back gets
// from payments/routes.ts): the shopper's Till code, B2C results and Paybill/Till posts. Served
// whether or not M-Pesa is configured now (registry.ts): Daraja still reports on money that moved
// before, and no shilling that came in may go unrecorded.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { b2cResultRoutes } from './b2c/routes.ts';
import { c2bRoutes, tillCodeRoutes } from './c2b/routes.ts';

export const mpesaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tillCodeRoutes);
  await app.register(b2cResultRoutes);
  await app.register(c2bRoutes);
};

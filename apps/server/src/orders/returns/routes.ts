// A shopper's returns of one of their orders (issue 34): what may be returned and what was asked,
// and asking to return lines for a refund or an exchange. Another shopper's order is a 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParamSchema,
  orderReturnsSchema,
  RETURN_STATUSES,
  returnRequestSchema,
} from '@duka/domain';
import { currentUser } from '../../auth/plugin.ts';
import { orderReturns } from './read.ts';
import { requestReturn } from './request.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Your order's returns, newest first, and the lines you may still return",
        description:
          'Amounts in cents. `returnable` is empty unless the order was delivered, is paid and some line is within its return window (the product’s own return policy, else the shop’s). Another shopper’s order is a 404.',
        security,
        params: idParamSchema,
        response: {
          200: orderReturnsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return orderReturns(db, currentUser(request).id, request.params.id);
    },
  );

  app.post(
    '/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ask to return lines of a delivered order, for a refund or another size or colour',
        description:
          'Each line names the product (and its variant when the order holds several). 422 with a plain reason, nothing saved, when: the order is not delivered or not paid (NOT_RETURNABLE), a line is past its return window (RETURN_WINDOW_CLOSED), more is asked than was bought less what is being returned (TOO_MANY), or an exchange is not for one item and another in-stock variant of the same product (EXCHANGE_*). Another shopper’s order is a 404. The shopper is e-mailed.',
        security,
        params: idParamSchema,
        body: returnRequestSchema,
        response: {
          201: z.object({ id: z.number().int(), status: z.enum(RETURN_STATUSES) }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const ret = await requestReturn(db, currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ id: ret.id, status: 'requested' as const });
    },
  );
};

export default returnsRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  trackedOrderSchema,
  trackQuerySchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { trackOrder } from './fulfilment.ts';
import { getOwnOrder, listOwnOrders } from './service.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/order',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your own orders, newest first, with their items',
        security,
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listOwnOrders(db, currentUser(request).id, request.query),
  );

  app.get(
    '/order/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One of your orders with its payment and delivery details',
        security,
        params: idParamSchema,
        response: {
          200: orderDetailSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => getOwnOrder(db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/track',
    {
      preHandler: app.limits.perAddress(app.limits.rules.track),
      schema: {
        tags,
        summary: "An order's status timeline, for whoever gives its number and the phone on it",
        description:
          'No log-in. An unknown order and a wrong phone get the same 404; look-ups are limited per address (TRACK_LOOKUPS_PER_HOUR).',
        querystring: trackQuerySchema,
        response: {
          200: trackedOrderSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return trackOrder(db, request.query.order, request.query.phone);
    },
  );
};

export default ordersRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
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
};

export default ordersRoutes;

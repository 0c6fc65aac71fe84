// The back office's orders: the list, and moving an order along its lifecycle.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  apiErrorSchema,
  idParamSchema,
  orderStatusUpdateSchema,
} from '@duka/domain';
import { adminOrder, changeStatus, listAdminOrders } from './service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'Every order, newest first',
        security,
        querystring: adminListQuerySchema(10),
        response: { 200: adminOrderPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listAdminOrders(db, request.query),
  );

  app.patch(
    '/admin/orders/:id/status',
    {
      schema: {
        tags,
        summary: 'Move an order along its lifecycle (cancelling an unpaid order returns its stock)',
        security,
        params: idParamSchema,
        body: orderStatusUpdateSchema,
        response: {
          200: adminOrderSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      await changeStatus(db, request.params.id, request.body.status);
      return adminOrder(db, request.params.id);
    },
  );
};

export default ordersAdminRoutes;

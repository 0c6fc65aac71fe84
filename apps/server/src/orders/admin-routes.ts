// The back office's orders: the list, and moving an order along its lifecycle.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  apiErrorSchema,
  collectionSchema,
  idParamSchema,
  orderStatusUpdateSchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { publicBaseUrl } from '../lib/public-url.ts';
import { collectOnDelivery } from '../payments/on-delivery/collect.ts';
import { refundOrder } from './refunds.ts';
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
        description:
          "Moving to 'refunded' gives the payment back through its provider where it has an API (PayPal's capture refund; M-Pesa's reversal when MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are set), or records a refund made by hand given `refund_reference`; 422 REFUND_BY_HAND when it needs one.",
        security,
        params: idParamSchema,
        body: orderStatusUpdateSchema,
        response: {
          200: adminOrderSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { status, refund_reference: reference } = request.body;
      if (status === 'refunded') {
        const baseUrl = publicBaseUrl(app.config, request);
        await refundOrder(app.payments, request.params.id, reference, baseUrl);
      } else {
        await changeStatus(db, request.params.id, status);
      }
      return adminOrder(db, request.params.id);
    },
  );

  app.post(
    '/admin/orders/:id/collect',
    {
      schema: {
        tags,
        summary: 'Record the money of an order paid on delivery (cash or M-Pesa): it becomes paid',
        security,
        params: idParamSchema,
        body: collectionSchema,
        response: {
          200: adminOrderSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      await collectOnDelivery(app.payments, request.params.id, request.body, admin);
      return adminOrder(db, request.params.id);
    },
  );
};

export default ordersAdminRoutes;

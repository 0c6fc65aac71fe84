import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  receiptQuerySchema,
  receiptSchema,
  trackedOrderSchema,
  trackQuerySchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { receiptPdf } from '../invoices/receipt-pdf.ts';
import { receiptOf } from '../invoices/receipt.ts';
import { notFound } from '../lib/http-error.ts';
import { ownerOf } from './repo.ts';
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

  /** The owner, or staff with `invoices.read` through the gate; a shopper learns nothing else. */
  const receiptAccess = app.ownerOrPermission('invoices.read');
  const receiptFor = async (request: FastifyRequest, orderId: number, kind: 'S' | 'R') => {
    receiptAccess.assert(request, await ownerOf(db, orderId), () =>
      notFound(`The order ${orderId}`),
    );
    return receiptOf(db, orderId, kind, app.invoices.trader);
  };
  const receiptSchemaOf = (summary: string) => ({
    tags,
    summary,
    description:
      "The order's owner or staff with `invoices.read` (403 MFA_SETUP_REQUIRED while the shop requires two-step sign-in of staff without it); another shopper gets 404. `kind=R` for the credit note of a refunded order. 404 until the order is paid.",
    security,
    params: idParamSchema,
    querystring: receiptQuerySchema,
  });

  app.get(
    '/orders/:id/receipt',
    {
      onRequest: receiptAccess,
      schema: {
        ...receiptSchemaOf("The order's tax invoice: eTIMS figures, signature and QR code"),
        response: {
          200: receiptSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return receiptFor(request, request.params.id, request.query.kind);
    },
  );

  app.get(
    '/orders/:id/receipt.pdf',
    {
      onRequest: receiptAccess,
      schema: {
        ...receiptSchemaOf("The order's tax invoice as a PDF (A4)"),
        response: {
          200: z.any().describe('application/pdf'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const receipt = await receiptFor(request, request.params.id, request.query.kind);
      const name = `${receipt.kind === 'R' ? 'credit-note' : 'receipt'}-${receipt.invoice_no}.pdf`;
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .type('application/pdf')
        .send(await receiptPdf(receipt));
    },
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

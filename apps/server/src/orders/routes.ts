import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderReceiptsSchema,
  receiptQuerySchema,
  receiptSchema,
  trackedOrderSchema,
  trackQuerySchema,
  type Receipt,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { receiptPdf } from '../invoices/receipt-pdf.ts';
import { receiptOf, receiptsOf } from '../invoices/receipt.ts';
import { notFound } from '../lib/http-error.ts';
import { ownerOf } from './repo.ts';
import { trackOrder } from './fulfilment.ts';
import { getOwnOrder, listOwnOrders } from './service.ts';
import returnsRoutes from './returns/routes.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(returnsRoutes);

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
  const mayRead = async (request: FastifyRequest, orderId: number) =>
    receiptAccess.assert(request, await ownerOf(db, orderId), () =>
      notFound(`The order ${orderId}`),
    );
  const receiptFor = async (
    request: FastifyRequest,
    orderId: number,
    query: { kind: 'S' | 'R'; no?: number | undefined },
  ) => {
    await mayRead(request, orderId);
    return receiptOf(db, orderId, query.kind, app.invoices.trader, query.no);
  };
  const receiptSchemaOf = (summary: string) => ({
    tags,
    summary,
    description:
      "The order's owner or staff with `invoices.read` (403 MFA_SETUP_REQUIRED while the shop requires two-step sign-in of staff without it); another shopper gets 404. `kind=R&no=…` for one of the credit notes of its refunds (without `no`, the first). 404 until the order is paid.",
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
      return receiptFor(request, request.params.id, request.query);
    },
  );

  app.get(
    '/orders/:id/receipts',
    {
      onRequest: receiptAccess,
      schema: {
        tags,
        summary: "The order's tax invoice, then a credit note for each refund of goods",
        description:
          "As the receipt: the order's owner or staff with `invoices.read`; another shopper gets 404; 404 until the order is paid.",
        security,
        params: idParamSchema,
        response: {
          200: orderReceiptsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await mayRead(request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return { receipts: await receiptsOf(db, request.params.id, app.invoices.trader) };
    },
  );

  app.get(
    '/orders/:id/receipt.pdf',
    {
      onRequest: receiptAccess,
      schema: {
        ...receiptSchemaOf(
          "The order's tax invoice as a PDF (A4), its credit notes on the pages after it",
        ),
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
      const { id } = request.params;
      // The tax invoice comes with the order's credit notes after it; a credit note on its own.
      let receipts: [Receipt, ...Receipt[]];
      if (request.query.kind === 'R') {
        receipts = [await receiptFor(request, id, request.query)];
      } else {
        await mayRead(request, id);
        receipts = await receiptsOf(db, id, app.invoices.trader);
      }
      const [receipt] = receipts;
      const name = `${receipt.kind === 'R' ? 'credit-note' : 'receipt'}-${receipt.invoice_no}.pdf`;
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .type('application/pdf')
        .send(await receiptPdf(receipts));
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

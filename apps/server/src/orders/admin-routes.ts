// The back office's orders: the list, and moving an order along its lifecycle.
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  apiErrorSchema,
  collectionSchema,
  idParamSchema,
  orderStatusUpdateSchema,
  ordersExportQuerySchema,
  shipmentUpdateSchema,
  type OrderStatusUpdate,
} from '@duka/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertCan, can, currentUser } from '../auth/plugin.ts';
import { auditOf, type AuditTrail } from '../audit/trail.ts';
import { publicBaseUrl } from '../lib/public-url.ts';
import { collectOnDelivery } from '../payments/on-delivery/collect.ts';
import { ORDERS_CSV_MAX_ROWS, ordersCsv } from './export.ts';
import { adminOrderDetail } from './fulfilment.ts';
import { refundOrder } from './refunds.ts';
import { returnToSender } from './returned-to-sender.ts';
import { adminOrder, changeStatus, listAdminOrders } from './service.ts';
import { updateShipment } from './shipment.ts';
import returnsAdminRoutes from './returns/admin-routes.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(returnsAdminRoutes);

  app.get(
    '/admin/orders',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags,
        summary: 'Every order, newest first; of one status with `status`',
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listAdminOrders(db, request.query),
  );

  app.get(
    '/admin/orders.csv',
    {
      // Money and customers' details in bulk, for the books: the finance role's (decision record 021).
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary: `The orders as CSV for the books, of a status and of Nairobi days (newest ${ORDERS_CSV_MAX_ROWS.toLocaleString('en')} at most)`,
        description:
          'One row per order: date (Nairobi), status, customer, e-mail, phone, county, delivery, payment method and receipt, items, delivery, VAT and total in shillings, when it was paid, a business buyer’s KRA PIN. Each export is recorded in the audit log.',
        security,
        querystring: ordersExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await ordersCsv(db, request.query);
      // Customers' details leave the shop in bulk: who took them, and which, is on record.
      await auditOf(request).record(db, {
        action: 'order.export',
        entity: 'order',
        entityId: null,
        after: { ...request.query },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="duka-orders.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  const moveSchema = {
    tags,
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
  };
  const move = async (
    id: number,
    body: OrderStatusUpdate,
    actorId: number,
    baseUrl: string,
    audit: AuditTrail,
    mayRefund = false,
  ) => {
    const { status, refund_reference: reference, courier, tracking_number } = body;
    if (status === 'refunded') {
      await refundOrder(app.payments, id, reference, actorId, audit);
    } else if (status === 'returned_to_sender') {
      await returnToSender(
        app.payments,
        id,
        { actorId, mayRefund, manualReference: reference },
        audit,
      );
    } else {
      await changeStatus(db, id, status, {
        actorId,
        courier,
        trackingNumber: tracking_number,
        audit,
        sale: { invoiceBranch: app.config.ETIMS_BHF_ID },
      });
    }
    return adminOrder(db, id);
  };
  /** Moving to 'refunded' gives money back: it also needs payments.refund (decision record 021). */
  const moveAs = (
    request: FastifyRequest & { params: { id: number }; body: OrderStatusUpdate },
  ) => {
    if (request.body.status === 'refunded') assertCan(request, 'payments.refund');
    return move(
      request.params.id,
      request.body,
      currentUser(request).id,
      publicBaseUrl(app.config, request),
      auditOf(request),
      can(request, 'payments.refund'),
    );
  };
  const moveDescription =
    "Moving to 'refunded' gives the payment back through its provider where it has an API (PayPal's capture refund; M-Pesa B2C to the phone that paid when MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are set, or the built-in sandbox), or records a refund made by hand given `refund_reference`; 422 REFUND_BY_HAND when it needs one. " +
    "Moving to 'shipped' takes the `courier` and `tracking_number` the shopper is sent; 'ready_for_pickup' is for orders going to a pickup point (the shopper is sent its address and hours). " +
    "Moving a shipped or ready-for-pickup order to 'returned_to_sender' (refused at the door, not delivered, not collected) puts its stock back, gives back any money it took (that needs payments.refund; `refund_reference` for one made by hand), closes its open payments and tells the shopper.";

  app.patch(
    '/admin/orders/:id/status',
    {
      onRequest: app.requirePermission('orders.fulfil'),
      schema: {
        ...moveSchema,
        summary: 'Move an order along its lifecycle (cancelling an unpaid order returns its stock)',
        description: moveDescription,
      },
    },
    async (request) => moveAs(request),
  );

  app.patch(
    '/admin/orders/:id',
    {
      onRequest: app.requirePermission('orders.fulfil'),
      schema: {
        ...moveSchema,
        summary:
          'Move an order along its lifecycle, with a courier and tracking number when shipping',
        description: moveDescription,
      },
    },
    async (request) => moveAs(request),
  );

  app.get(
    '/admin/orders/:id',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags,
        summary:
          'One order to pack and ship: lines with SKU, customer, delivery, payments, timeline',
        security,
        params: idParamSchema,
        response: { 200: adminOrderDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => adminOrderDetail(db, request.params.id),
  );

  app.patch(
    '/admin/orders/:id/shipment',
    {
      onRequest: app.requirePermission('orders.fulfil'),
      schema: {
        tags,
        summary: "Add or correct a shipped order's courier and tracking number",
        description:
          'What is not given stays as it is. The shopper is e-mailed the new details and the change is in the audit log; an order not on its way (shipped) is refused with 422 NOT_SHIPPED.',
        security,
        params: idParamSchema,
        body: shipmentUpdateSchema,
        response: {
          200: adminOrderDetailSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      await updateShipment(db, request.params.id, request.body, auditOf(request));
      return adminOrderDetail(db, request.params.id);
    },
  );

  app.post(
    '/admin/orders/:id/collect',
    {
      onRequest: app.requirePermission('payments.collect'),
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
      await collectOnDelivery(
        app.payments,
        request.params.id,
        request.body,
        admin,
        auditOf(request),
      );
      return adminOrder(db, request.params.id);
    },
  );
};

export default ordersAdminRoutes;

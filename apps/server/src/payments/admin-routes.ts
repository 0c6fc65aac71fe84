// The back office's Payments screen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  adminPaymentPageSchema,
  apiErrorSchema,
  shippingAddressOf,
} from '@duka/domain';
import { paged } from '../lib/paged.ts';
import { adminPaymentRows, countPayments } from './repo.ts';

const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every payment of an order, newest first',
        security: [{ bearerAuth: [] }],
        querystring: adminListQuerySchema(10),
        response: { 200: adminPaymentPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) =>
      paged(
        'payments',
        request.query,
        adminPaymentRows(db),
        countPayments(db),
        ({ payment, order, email }) => ({
          id: payment.id,
          order_id: order.id,
          customer_email: email,
          shipping_address: shippingAddressOf(order),
          provider: payment.provider,
          payment_method: order.paymentMethod,
          amount: payment.amountCents,
          settlement_currency: payment.settlementCurrency,
          settlement_amount_minor: payment.settlementAmountMinor,
          status: payment.status,
          order_status: order.status,
          transaction_id: payment.transactionId,
          failure_reason: payment.failureReason,
          created_at: payment.createdAt.toISOString(),
          captured_at: payment.capturedAt?.toISOString() ?? null,
        }),
      ),
  );
};

export default paymentsAdminRoutes;

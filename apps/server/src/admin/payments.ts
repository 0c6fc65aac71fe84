import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc, eq } from 'drizzle-orm';
import { adminListQuerySchema, adminPaymentPageSchema, apiErrorSchema } from '@duka/domain';
import { orders, payments, users } from '../db/schema.ts';
import { shippingAddressOf } from '../orders/service.ts';

const paymentsAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
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
    async (request) => {
      const { limit, skip } = request.query;
      const [rows, [total]] = await Promise.all([
        db
          .select({ payment: payments, order: orders, email: users.email })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .innerJoin(users, eq(users.id, orders.userId))
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(limit)
          .offset(skip),
        db.select({ n: count() }).from(payments),
      ]);
      return {
        payments: rows.map(({ payment, order, email }) => ({
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
        })),
        total: total?.n ?? 0,
        skip,
        limit,
      };
    },
  );
};

export default paymentsAdmin;

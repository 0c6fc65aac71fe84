// The back office's Payments screen, and what each payment sent and received (issue 14: bodies
// kept with secrets masked), including callbacks that matched no payment.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import { currentUser } from '../auth/plugin.ts';
import { z } from 'zod';
import {
  refundSchema,
  adminListQuerySchema,
  adminPaymentPageSchema,
  apiErrorSchema,
  idParamSchema,
  maskPhone,
  paymentRefundSchema,
  paymentEventPageSchema,
  paymentEventSchema,
  shippingAddressOf,
} from '@duka/domain';
import { found } from '../lib/http-error.ts';
import { paged } from '../lib/paged.ts';
import mpesaAdminRoutes from './mpesa/c2b/admin-routes.ts';
import { failedRefund, refundPayment } from './refunds.ts';
import refundRoutes, { toRefund } from './refunds/admin-routes.ts';
import {
  countUnmatchedEvents,
  eventsOf,
  unmatchedEventRows,
  type PaymentEventRow,
} from './events-repo.ts';
import { adminPaymentRows, countPayments, findById } from './repo.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const toEvent = (e: PaymentEventRow) => ({
  id: e.id,
  payment_id: e.paymentId,
  kind: e.kind,
  body: e.body,
  note: e.note,
  created_at: e.createdAt.toISOString(),
});

const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // M-Pesa's own screens: unmatched payments, the statement, the Paybill/Till registration.
  await app.register(mpesaAdminRoutes);
  await app.register(refundRoutes);

  app.get(
    '/admin/payments',
    {
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary: 'Every payment of an order, newest first',
        security,
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
          method: payment.method,
          phone: payment.phone ? maskPhone(payment.phone) : null,
          result_code: payment.resultCode,
          result_desc: payment.resultDesc,
          received: payment.receivedCents,
          overpaid: payment.overpaidCents,
          refund_due: payment.refundDue,
          refunded_at: payment.refundedAt?.toISOString() ?? null,
          refund_reference: payment.refundReference,
          attention: payment.attentionReason
            ? { reason: payment.attentionReason, receipt: payment.attentionReceipt }
            : null,
        }),
      ),
  );

  app.get(
    '/admin/payments/:id/events',
    {
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary: 'What was sent to the provider and received from it for one payment, oldest first',
        description: 'Request and callback bodies as they were, with secrets masked.',
        security,
        params: idParamSchema,
        response: { 200: z.array(paymentEventSchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const payment = found(
        await findById(db, request.params.id),
        `The payment ${request.params.id}`,
      );
      return (await eventsOf(db, payment.id)).map(toEvent);
    },
  );

  app.get(
    '/admin/payment-events/unmatched',
    {
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary:
          'Callbacks that matched no payment (no or a wrong secret, unknown ids), newest first',
        security,
        querystring: adminListQuerySchema(20),
        response: { 200: paymentEventPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) =>
      paged('events', request.query, unmatchedEventRows(db), countUnmatchedEvents(db), toEvent),
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      onRequest: app.requirePermission('payments.refund'),
      schema: {
        tags,
        summary: 'Give back a payment marked refund due (paid twice, or paid over the total)',
        description:
          'All of a second payment, or the excess of one paid over. Through the provider where it has a way, or recorded as made by hand with `reference`; 422 REFUND_BY_HAND when it needs one. Answered with the refund as it stands (202), or 502 REFUND_FAILED with the provider’s words.',
        security,
        params: idParamSchema,
        body: paymentRefundSchema,
        response: {
          202: refundSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const done = await refundPayment(
        app.payments,
        request.params.id,
        request.body.reference,
        currentUser(request).id,
        auditOf(request),
      );
      if (done.status === 'failed') throw failedRefund(done);
      return reply.code(202).send(toRefund(done));
    },
  );
};

export default paymentsAdminRoutes;

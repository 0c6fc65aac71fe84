// The back office's refunds (decision record 029, permission payments.refund): ask for money to
// go back from an order (all or part, for a return, an overpayment, a cancelled order), see an
// order's refunds, and try a failed one again.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamSchema, refundRequestSchema, refundSchema } from '@duka/domain';
import { auditOf } from '../../audit/trail.ts';
import { currentUser } from '../../auth/plugin.ts';
import { found } from '../../lib/http-error.ts';
import { orderMoney } from '../money.ts';
import * as payments from '../repo.ts';
import { refund } from '../refunds.ts';
import * as repo from './repo.ts';
import { retryRefund } from './request.ts';
import { sendRefund } from './send.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

export const toRefund = (row: repo.RefundRow) => ({
  id: row.id,
  amount: row.amountCents,
  status: row.status as z.infer<typeof refundSchema>['status'],
  method: row.method,
  kind: row.kind as 'goods' | 'money',
  reason: row.reason,
  reference: row.reference,
  failure: row.failure,
  created_at: row.createdAt.toISOString(),
});

const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const p = app.payments;
  const errors = {
    400: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    422: apiErrorSchema,
  };

  app.post(
    '/admin/orders/:id/refunds',
    {
      onRequest: app.requirePermission('payments.refund'),
      schema: {
        tags,
        summary: 'Give money back from an order: all or part, the way it came',
        description:
          'Amounts in cents. Sent through the payment’s provider where it has a way (PayPal’s capture refund, M-Pesa B2C), or recorded as given back by hand with `reference`. Answered 202 with the refund as it stands: requested, sent (the provider answers later), confirmed or failed (with the provider’s words). 409 NOTHING_TO_REFUND, REFUND_TOO_LARGE (more than came in less what went back) or REFUND_IN_PROGRESS (one refund of a payment at a time); 422 REFUND_BY_HAND when only a person can give it back.',
        security,
        params: idParamSchema,
        body: refundRequestSchema,
        response: { 202: refundSchema, ...errors },
      },
    },
    async (request, reply) => {
      const orderId = request.params.id;
      const body = request.body;
      const order = found(await payments.findOrder(p.db, orderId), `The order ${orderId}`);
      // More than the order holds over what it costs is a refund of goods (a credit note follows).
      const money = await orderMoney(p.db, order);
      const overpaid = Math.max(0, -money.balance);
      const done = await refund(
        p,
        {
          orderId,
          amountCents: body.amount,
          reason: body.reason,
          kind: body.return_id === undefined && body.amount <= overpaid ? 'money' : 'goods',
          paymentId: body.payment_id,
          returnId: body.return_id,
          manualReference: body.reference,
          requestedBy: currentUser(request).id,
        },
        auditOf(request),
      );
      return reply.code(202).send(toRefund(done));
    },
  );

  app.get(
    '/admin/orders/:id/refunds',
    {
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary: "An order's refunds, oldest first",
        security,
        params: idParamSchema,
        response: { 200: z.object({ refunds: z.array(refundSchema) }), 400: apiErrorSchema },
      },
    },
    async (request) => ({
      refunds: (await repo.refundsOfOrder(p.db, request.params.id)).map(toRefund),
    }),
  );

  app.post(
    '/admin/refunds/:id/retry',
    {
      onRequest: app.requirePermission('payments.refund'),
      schema: {
        tags,
        summary: 'Try a failed refund again (a new attempt, sent once)',
        security,
        params: idParamSchema,
        response: { 202: refundSchema, ...errors },
      },
    },
    async (request, reply) => {
      const retried = await retryRefund(p, request.params.id);
      const sent = await sendRefund(p, retried.id);
      await p.db.transaction((tx) =>
        auditOf(request).record(tx, {
          action: 'payment.refund.retry',
          entity: 'refund',
          entityId: sent.id,
          after: { attempt: sent.attempt, status: sent.status },
        }),
      );
      return reply.code(202).send(toRefund(sent));
    },
  );
};

export default refundRoutes;

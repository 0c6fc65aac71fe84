// The back office's returns (issue 34): the list (orders.read), one return, and deciding it
// (orders.fulfil; receiving one that gives money back also needs payments.refund), audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReturnListQuerySchema,
  adminReturnPageSchema,
  adminReturnSchema,
  apiErrorSchema,
  idParamSchema,
  returnUpdateSchema,
} from '@duka/domain';
import { auditOf } from '../../audit/trail.ts';
import { can, currentUser } from '../../auth/plugin.ts';
import { decideReturn } from './decide.ts';
import { adminReturn, listAdminReturns } from './read.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const returnsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/returns',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags,
        summary: 'Returns, newest first; of one status with `status`, of one order with `order_id`',
        security,
        querystring: adminReturnListQuerySchema,
        response: { 200: adminReturnPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listAdminReturns(db, request.query),
  );

  app.get(
    '/admin/returns/:id',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags,
        summary: 'One return with its lines, value, exchange and refunds',
        security,
        params: idParamSchema,
        response: { 200: adminReturnSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => adminReturn(db, request.params.id),
  );

  app.patch(
    '/admin/returns/:id',
    {
      onRequest: app.requirePermission('orders.fulfil'),
      schema: {
        tags,
        summary:
          'Approve a return, refuse it with a note the shopper reads, or mark its goods received',
        description:
          "requested → approved or refused; approved → refused or received. Received: `restock` says which lines go back to stock (true: all, the default; false: none; or the return lines' ids); a refund then gives back the lines' value as sold (VAT included) the way the money came — or by hand, given `refund_reference` — and its credit note follows its confirmation; an exchange makes the replacement order (its stock reserved; the price difference charged on it, or refunded when cheaper). Giving money back needs payments.refund (403). Answered with the return; `refund_error` says why its refund could not be asked for (PATCH received again, with a `refund_reference` if made by hand, to ask again). 409 RETURN_STATE for a move its status does not allow, OUT_OF_STOCK when the exchange's variant is gone. Each step is e-mailed and audited.",
        security,
        params: idParamSchema,
        body: returnUpdateSchema,
        response: {
          200: adminReturnSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const decided = await decideReturn(
        app.payments,
        request.params.id,
        request.body,
        { id: currentUser(request).id, mayRefund: can(request, 'payments.refund') },
        auditOf(request),
      );
      return adminReturn(db, decided.returnId, decided.refundError);
    },
  );
};

export default returnsAdminRoutes;

// The back office's Customers screen: accounts and the figures above the list ('Make Admin' is
// staff/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  adminUserPageSchema,
  apiErrorSchema,
  customersSummarySchema,
} from '@duka/domain';
import { customersSummary, listUsers } from './admin-service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/users',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags,
        summary: 'Every account, oldest first',
        security,
        querystring: adminListQuerySchema(10),
        response: { 200: adminUserPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.get(
    '/admin/customers/summary',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags,
        summary: 'Customer figures: total, members, active now and this month',
        security,
        response: { 200: customersSummarySchema },
      },
    },
    async () => customersSummary(db),
  );
};

export default usersAdminRoutes;

// The back office's Customers screen: the figures above the list (the list itself, with each
// customer's orders, is admin/customers.ts; 'Make Admin' is staff/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersSummarySchema } from '@duka/domain';
import { customersSummary } from './admin-service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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

// The back office's Customers screen: accounts, admin rights and the figures above the list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  apiErrorSchema,
  customersSummarySchema,
  idParamSchema,
  setAdminSchema,
} from '@duka/domain';
import { customersSummary, listUsers, setAdminRights } from './admin-service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/users',
    {
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
      schema: {
        tags,
        summary: 'Customer figures: total, members, active now and this month',
        security,
        response: { 200: customersSummarySchema },
      },
    },
    async () => customersSummary(db),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Grant or revoke admin rights; the last admin cannot be demoted',
        security,
        params: idParamSchema,
        body: setAdminSchema,
        response: {
          200: adminUserSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => setAdminRights(db, request.params.id, request.body.is_admin),
  );
};

export default usersAdminRoutes;

// Staff and their roles (decision record 021): the specification's 'Make Admin' / 'Revoke Admin'.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserSchema, apiErrorSchema, idParamSchema, setAdminSchema } from '@duka/domain';
import { toAdminUser } from '../auth/admin-service.ts';
import { setAdminRights } from './roles.ts';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.patch(
    '/admin/users/:id',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: "'Make Admin' (a shopper becomes a manager) or 'Revoke Admin' (no staff access)",
        description: 'The last owner cannot be demoted (409 LAST_OWNER).',
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
    async (request) =>
      toAdminUser((await setAdminRights(db, request.params.id, request.body.is_admin)).after),
  );
};

export default staffRoutes;

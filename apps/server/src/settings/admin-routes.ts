// The back office's Settings screen: the shop's settings as they are, and a change to them.
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, shopSettingsInputSchema, shopSettingsSchema } from '@duka/domain';
import { auditOf } from '../audit/trail.ts';
import { readShopSettings } from './repo.ts';
import { updateShopSettings } from './service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const uploadsDir = path.resolve(app.config.DATA_DIR, 'uploads');

  app.get(
    '/admin/settings',
    {
      onRequest: app.requirePermission('settings.write'),
      schema: {
        tags,
        summary: "The shop's settings, as the Settings screen edits them",
        security,
        response: { 200: shopSettingsSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readShopSettings(db);
    },
  );

  app.put(
    '/admin/settings',
    {
      onRequest: app.requirePermission('settings.write'),
      schema: {
        tags,
        summary: "Change the shop's settings (every field, as GET gives them)",
        description:
          'A phone that is not a Kenyan number, an e-mail that is not one, a return window outside 0–365 days, a slide without a title or whose image was not uploaded to the shop: 400 naming each field, and nothing is saved. `prices_include_vat` applies to orders made from then on; orders made before keep their figures.',
        security,
        body: shopSettingsInputSchema,
        response: { 200: shopSettingsSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      updateShopSettings(db, request.body, { uploadsDir, audit: auditOf(request) }),
  );
};

export default settingsAdminRoutes;

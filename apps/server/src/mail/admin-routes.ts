// The back office's view of every e-mail the shop sent or kept.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, apiErrorSchema, outboxPageSchema } from '@duka/domain';
import { listOutbox } from './mailer.ts';

const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        summary:
          'E-mails the shop sent or kept (kept when no SMTP server is configured), newest first',
        security: [{ bearerAuth: [] }],
        querystring: adminListQuerySchema(20),
        response: { 200: outboxPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await listOutbox(db, request.query);
      return {
        ...page,
        emails: page.emails.map((e) => ({
          id: e.id,
          to: e.toAddress,
          subject: e.subject,
          body: e.body,
          status: e.status,
          created_at: e.createdAt.toISOString(),
        })),
      };
    },
  );
};

export default mailAdminRoutes;

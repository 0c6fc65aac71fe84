// The audit log in the back office (needs audit.read): a page of entries, or all as CSV. Read
// only: no route edits or deletes a row, and on PostgreSQL the table itself refuses to.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, auditPageSchema, auditQuerySchema } from '@duka/domain';
import { auditCsv, auditRows, listAudit } from './query.ts';

const tags = ['audit'];
const security = [{ bearerAuth: [] }];
const CSV_MAX_ROWS = 50_000;

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/audit',
    {
      onRequest: app.requirePermission('audit.read'),
      schema: {
        tags,
        summary: 'Who changed what, newest first',
        description:
          '`action` matches itself and every action below it (`product` finds `product.price.update`); `actor` is an e-mail or a user id.',
        security,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listAudit(db, request.query),
  );

  app.get(
    '/admin/audit.csv',
    {
      onRequest: app.requirePermission('audit.read'),
      schema: {
        tags,
        summary: `The audit log as CSV, with the same filters (newest ${CSV_MAX_ROWS.toLocaleString('en')} rows at most)`,
        security,
        querystring: auditQuerySchema.omit({ skip: true, limit: true }),
        response: { 200: z.string(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const entries = await auditRows(db, request.query, CSV_MAX_ROWS);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="duka-audit.csv"')
        .send(auditCsv(entries));
    },
  );
};

export default auditRoutes;

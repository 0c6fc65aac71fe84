// The audit log in the back office (needs audit.read): a page of entries, or all as CSV. Read
// only: no route edits or deletes a row, and on PostgreSQL the table itself refuses to. The
// owner can also have the whole hash chain checked (audit.verify, decision record 025).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerificationSchema,
} from '@duka/domain';
import { auditCsv, auditRows, listAudit } from './query.ts';
import { verifyAuditChain } from './verify.ts';

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

  app.get(
    '/admin/audit/verify',
    {
      onRequest: app.requirePermission('audit.verify'),
      schema: {
        tags,
        summary: 'Check every row of the audit log against its hash chain',
        description:
          'Reads the whole log in id order. `ok` false names the first row that was changed, or that follows a row deleted or put in; `head_hash` is worth noting somewhere the database cannot reach.',
        security,
        response: { 200: auditVerificationSchema },
      },
    },
    async () => verifyAuditChain(db),
  );
};

export default auditRoutes;

// The back office's view of every message the shop sent, is sending, kept or gave up on, and the
// resend of one that failed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import {
  adminOutboxQuerySchema,
  apiErrorSchema,
  idParamSchema,
  outboxMessageSchema,
  outboxPageSchema,
  type OutboxMessage,
} from '@duka/domain';
import type { OutboxRow } from './repo.ts';
import { listOutbox, resend } from './service.ts';

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

const outboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/outbox',
    {
      onRequest: app.requirePermission('contacts.reply'),
      schema: {
        tags: ['admin'],
        summary:
          'Messages (e-mail, SMS) newest first: sent, waiting, failed, or kept when no SMTP server is configured',
        security: [{ bearerAuth: [] }],
        querystring: adminOutboxQuerySchema,
        response: { 200: outboxPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await listOutbox(db, request.query);
      return { ...page, emails: page.emails.map(toMessage) };
    },
  );

  app.post(
    '/admin/outbox/:id/resend',
    {
      onRequest: app.requirePermission('contacts.reply'),
      schema: {
        tags: ['admin'],
        summary: 'Send a failed (or kept) message again',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: {
          200: outboxMessageSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => toMessage(await resend(db, request.params.id, auditOf(request))),
  );
};

export default outboxAdminRoutes;

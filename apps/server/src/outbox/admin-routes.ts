// The back office's view of every message the shop sent, is sending, holds (no mail server) or
// gave up on, and the resend of one that failed or was held. `contacts.reply` opens it: the
// owner has every permission, managers and support have this one (decision record 021).
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
          'Messages (e-mail, SMS) newest first: sent, waiting, failed, or held while no SMTP server is configured',
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
        summary: 'Send a failed or held message again',
        description:
          'Sent or still waiting: 409 NOT_RESENDABLE. Its channel has no transport (no SMTP_URL): 409 NO_TRANSPORT.',
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
    async (request) => {
      const canSend = (channel: OutboxRow['channel']) => app.outbox[channel];
      return toMessage(await resend(db, request.params.id, { audit: auditOf(request), canSend }));
    },
  );
};

export default outboxAdminRoutes;

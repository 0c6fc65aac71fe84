// The back office's Contacts screen and the notifications bell with its replies.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import {
  adminMessagesSchema,
  apiErrorSchema,
  contactListQuerySchema,
  contactPageSchema,
  idParamSchema,
  messageSchema,
  replySchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { bellMessages, listContacts, replyToMessage } from './service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const contactsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/contacts',
    {
      onRequest: app.requirePermission('contacts.reply'),
      schema: {
        tags,
        summary:
          'Contact-form submissions: search name or e-mail, filter by day, sort by date or name',
        security,
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listContacts(db, request.query),
  );

  app.get(
    '/admin/messages',
    {
      onRequest: app.requirePermission('contacts.reply'),
      schema: {
        tags,
        summary: 'Unreplied customer messages (newest 5) and how many there are',
        security,
        response: { 200: adminMessagesSchema },
      },
    },
    async () => bellMessages(db),
  );

  app.post(
    '/admin/messages/:id/reply',
    {
      onRequest: app.requirePermission('contacts.reply'),
      schema: {
        tags,
        summary:
          'Reply by e-mail (queued in the outbox); the message then counts as replied for every admin',
        description:
          "'Reply sent successfully!' when a mail server will take it; while the shop has none (no SMTP_URL) the answer says it is saved and will be e-mailed later.",
        security,
        params: idParamSchema,
        body: replySchema,
        response: {
          200: messageSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      replyToMessage(
        { db, delivery: app.outbox.emailDelivery() },
        request.params.id,
        currentUser(request).id,
        request.body.message,
        auditOf(request),
      ),
  );
};

export default contactsAdminRoutes;

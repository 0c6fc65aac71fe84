// Customer messages in the notifications bell, replies by e-mail, and the outbox.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc, eq, isNull } from 'drizzle-orm';
import {
  adminListQuerySchema,
  adminMessagesSchema,
  apiErrorSchema,
  idParamSchema,
  messageSchema,
  outboxPageSchema,
  REPLY_MESSAGES,
  replySchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { contactReplies, contacts } from '../db/schema.ts';
import { found, HttpError } from '../lib/http-error.ts';
import { listOutbox } from '../mail/mailer.ts';

/** SPEC §9: the bell lists at most 5 messages. */
export const BELL_SIZE = 5;

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const messagesAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/messages',
    {
      schema: {
        tags,
        summary: 'Unreplied customer messages (newest 5) and how many there are',
        security,
        response: { 200: adminMessagesSchema },
      },
    },
    async () => {
      const unreplied = isNull(contacts.repliedAt);
      const [rows, [unread]] = await Promise.all([
        db
          .select()
          .from(contacts)
          .where(unreplied)
          .orderBy(desc(contacts.submittedAt), desc(contacts.id))
          .limit(BELL_SIZE),
        db.select({ n: count() }).from(contacts).where(unreplied),
      ]);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          message: r.message,
          submittedAt: r.submittedAt.toISOString(),
        })),
        unread: unread?.n ?? 0,
      };
    },
  );

  app.post(
    '/admin/messages/:id/reply',
    {
      schema: {
        tags,
        summary: 'Reply by e-mail; the message then counts as replied for every admin',
        security,
        params: idParamSchema,
        body: replySchema,
        response: {
          200: messageSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const [contact] = await db.select().from(contacts).where(eq(contacts.id, request.params.id));
      const to = found(contact, 'The message');
      const sent = await app.mailer.send({
        to: to.email,
        subject: 'Re: your message to Duka',
        text: `Dear ${to.name},\n\n${request.body.message}\n\nDuka customer care\n\n> ${to.message.replace(/\n/g, '\n> ')}\n`,
      });
      if (sent.status === 'failed') {
        throw new HttpError(
          502,
          'MAIL_FAILED',
          'The reply could not be sent. Please try again in a moment.',
        );
      }
      await db.transaction(async (tx) => {
        await tx.insert(contactReplies).values({
          contactId: to.id,
          adminId: currentUser(request).id,
          body: request.body.message,
          emailId: sent.id,
        });
        await tx.update(contacts).set({ repliedAt: new Date() }).where(eq(contacts.id, to.id));
      });
      return { message: REPLY_MESSAGES.sent };
    },
  );

  app.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary:
          'E-mails the shop sent or kept (kept when no SMTP server is configured), newest first',
        security,
        querystring: adminListQuerySchema(20),
        response: { 200: outboxPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await listOutbox(db, request.query);
      return {
        emails: page.emails.map((e) => ({
          id: e.id,
          to: e.toAddress,
          subject: e.subject,
          body: e.body,
          status: e.status,
          created_at: e.createdAt.toISOString(),
        })),
        total: page.total,
        skip: page.skip,
        limit: page.limit,
      };
    },
  );
};

export default messagesAdmin;

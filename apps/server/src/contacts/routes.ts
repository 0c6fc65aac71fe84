// The contact form (SPEC §2.10): validated, stored, limited per address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, CONTACT_MESSAGES, contactInputSchema, messageSchema } from '@duka/domain';
import { submitContact } from './service.ts';

const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.post(
    '/contact',
    {
      preHandler: app.limits.perAddress(app.limits.rules.contact),
      schema: {
        tags: ['contact'],
        summary: 'Send the shop a message',
        body: contactInputSchema,
        response: { 201: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await submitContact(db, request.body);
      return reply.code(201).send({ message: CONTACT_MESSAGES.submitted });
    },
  );
};

export default contactsRoutes;

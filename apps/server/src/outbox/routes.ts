// Whether the shop can send messages at all, for screens that would otherwise say "sent" or "we
// e-mail": the order-complete page and the back office's banner. The forgot-password answer
// already tells anyone as much, so this reveals nothing new.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailStatusSchema } from '@duka/domain';

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail-status',
    {
      schema: {
        tags: ['shop'],
        summary: 'Whether e-mail (SMTP_URL) and text messages (Africa’s Talking) can go out',
        response: { 200: mailStatusSchema },
      },
    },
    async () => ({ email: app.outbox.email, sms: app.outbox.sms }),
  );
};

export default outboxRoutes;

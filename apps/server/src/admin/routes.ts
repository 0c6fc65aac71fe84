// The back office's API. Every route in here is for administrators only: the hook below runs
// before anything else, answering 401 without a token and 403 to anyone who is not an admin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import contactsAdmin from './contacts.ts';
import dashboardAdmin from './dashboard.ts';
import messagesAdmin from './messages.ts';
import ordersAdmin from './orders.ts';
import paymentsAdmin from './payments.ts';
import reviewsAdmin from './reviews.ts';
import searchAdmin from './search.ts';
import usersAdmin from './users.ts';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(usersAdmin);
  await app.register(ordersAdmin);
  await app.register(reviewsAdmin);
  await app.register(paymentsAdmin);
  await app.register(contactsAdmin);
  await app.register(dashboardAdmin);
  await app.register(searchAdmin);
  await app.register(messagesAdmin);
};

export default adminRoutes;

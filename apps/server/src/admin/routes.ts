// What in the back office spans domains: the dashboard and the header's search. Each domain's
// own back-office routes live beside its public ones (<domain>/admin-routes.ts). Administrators
// only: the hook runs before anything else, answering 401 without a token and 403 to others.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import dashboardAdmin from './dashboard.ts';
import searchAdmin from './search.ts';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(dashboardAdmin);
  await app.register(searchAdmin);
};

export default adminRoutes;

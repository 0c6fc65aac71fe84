// What in the back office spans domains: the dashboard and the header's search. Each domain's
// own back-office routes live beside its public ones (<domain>/admin-routes.ts). Each route names
// the permission it needs (decision record 021).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import dashboardAdmin from './dashboard.ts';
import searchAdmin from './search.ts';
import customerRoutes from './customers.ts';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dashboardAdmin);
  await app.register(searchAdmin);
  await app.register(customerRoutes);
};

export default adminRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of this domain are being written; see the open issue.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;

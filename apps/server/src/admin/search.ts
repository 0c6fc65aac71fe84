// The admin header's search: products, customers and orders that match, each only for staff who
// may read it (a catalogue assistant must not find customers' e-mail addresses through it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSearchSchema, apiErrorSchema } from '@duka/domain';
import { searchUsers } from '../auth/admin-service.ts';
import { can } from '../auth/plugin.ts';
import { searchProducts } from '../catalog/service.ts';
import { likePattern } from '../lib/sql.ts';
import { searchOrders } from '../orders/service.ts';

const LIMIT = 10;

const searchAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/admin/search',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary:
          'Find products (title), customers (username, e-mail) and orders (number, e-mail): each only for staff with products.read, customers.read or orders.read',
        security: [{ bearerAuth: [] }],
        querystring: z
          .object({ q: z.string().trim().min(1, 'Type something to search for').max(100) })
          .strict(),
        response: { 200: adminSearchSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { q } = request.query;
      const pattern = likePattern(q);
      const orderId = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined;
      const [products, customers, orders] = await Promise.all([
        can(request, 'products.read')
          ? searchProducts(db, { q, limit: LIMIT, skip: 0 }).then((found) => found.products)
          : [],
        can(request, 'customers.read') ? searchUsers(db, pattern, LIMIT) : [],
        can(request, 'orders.read') ? searchOrders(db, pattern, orderId, LIMIT) : [],
      ]);
      return { products, customers, orders };
    },
  );
};

export default searchAdmin;

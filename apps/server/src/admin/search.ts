// The admin header's search: products, customers and orders that match.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { adminSearchSchema, apiErrorSchema } from '@duka/domain';
import { users } from '../db/schema.ts';
import { searchProducts } from '../catalog/service.ts';
import { likePattern } from '../lib/sql.ts';
import { orders } from '../db/schema.ts';
import { toAdminOrder, toAdminUser } from './mappers.ts';
import { adminOrderRows } from './orders.ts';

const LIMIT = 10;

const searchAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/admin/search',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find products (title), customers (username, e-mail) and orders (number, e-mail)',
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
      const [products, customers, orderRows] = await Promise.all([
        searchProducts(db, { q, limit: LIMIT, skip: 0 }),
        db
          .select()
          .from(users)
          .where(or(ilike(users.username, pattern), ilike(users.email, pattern)))
          .orderBy(asc(users.id))
          .limit(LIMIT),
        adminOrderRows(
          db,
          or(ilike(users.email, pattern), orderId ? eq(orders.id, orderId) : sql`false`),
        ).limit(LIMIT),
      ]);
      return {
        products: products.products,
        customers: customers.map(toAdminUser),
        orders: orderRows.map(toAdminOrder),
      };
    },
  );
};

export default searchAdmin;

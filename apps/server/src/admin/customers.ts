// Customers in the back office: the list with each one's orders and spend, and a customer's page
// (orders, addresses, consents). Here, not in auth/, because it joins accounts, orders and
// addresses (each domain answers for its own part).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  adminUserPageSchema,
  apiErrorSchema,
  customerDetailSchema,
  idParamSchema,
  type AdminUser,
  type Customer,
} from '@duka/domain';
import { listAddresses } from '../addresses/service.ts';
import { listUsers, toAdminUser } from '../auth/admin-service.ts';
import { getUser } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { spendingOf } from '../orders/repo.ts';
import { listOwnOrders } from '../orders/service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

async function withSpending(db: Db, users: AdminUser[]): Promise<Customer[]> {
  const spending = await spendingOf(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => ({
    ...u,
    orders_count: spending.get(u.id)?.orders ?? 0,
    total_spent_cents: spending.get(u.id)?.spentCents ?? 0,
  }));
}

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/users',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags,
        summary: 'Every account, oldest first, with its orders and what its paid ones came to',
        security,
        querystring: adminListQuerySchema(10),
        response: { 200: adminUserPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await listUsers(db, request.query);
      return { ...page, users: await withSpending(db, page.users) };
    },
  );

  app.get(
    '/admin/customers/:id',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags,
        summary:
          "A customer's page: the account, consents, addresses and their orders, newest first",
        security,
        params: idParamSchema,
        querystring: adminListQuerySchema(10),
        response: { 200: customerDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await getUser(db, request.params.id);
      const [[customer], addresses, orders] = await Promise.all([
        withSpending(db, [toAdminUser(user)]),
        listAddresses(db, user.id),
        listOwnOrders(db, user.id, request.query),
      ]);
      return {
        customer: customer!,
        marketing_consent_at: user.marketingConsentAt?.toISOString() ?? null,
        addresses,
        orders,
      };
    },
  );
};

export default customerRoutes;

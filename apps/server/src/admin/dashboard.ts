// The dashboard's figures, computed by the database rather than by shipping orders to a browser.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  apiErrorSchema,
  dashboardSchema,
  nairobiDayStartBefore,
  SALES_DAYS,
  dashboardOrderSchema,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { countUsers } from '../auth/admin-service.ts';
import { earnings, salesByDay } from '../orders/repo.ts';
import { listAdminOrders } from '../orders/service.ts';

export async function dashboardFigures(db: Db, now = new Date()) {
  // Whole days only: the first day of the chart starts at its midnight, not at this hour.
  const since = nairobiDayStartBefore(now, SALES_DAYS - 1);
  const [money, signups, byDay] = await Promise.all([
    earnings(db),
    countUsers(db),
    salesByDay(db, since),
  ]);
  return { ...money, signups, sales_by_day: byDay };
}

const dashboardAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/admin/dashboard',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Earnings, orders, sign-ups, sales by day (30 days) and recent orders',
        security: [{ bearerAuth: [] }],
        querystring: adminListQuerySchema(10),
        response: { 200: dashboardSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const recent = await listAdminOrders(db, request.query);
      return {
        ...(await dashboardFigures(db)),
        // Only what the table shows (parsing drops the rest): every role sees the dashboard.
        recent_orders: {
          ...recent,
          orders: recent.orders.map((o) => dashboardOrderSchema.parse(o)),
        },
      };
    },
  );
};

export default dashboardAdmin;

// The dashboard's figures, computed by the database rather than by shipping orders to a browser.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, inArray, sql, sum } from 'drizzle-orm';
import { adminListQuerySchema, apiErrorSchema, dashboardSchema } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { orders, users } from '../db/schema.ts';
import { queryRows } from '../lib/sql.ts';
import { nairobiDayStartBefore } from './nairobi-time.ts';
import { listAdminOrders } from './orders.ts';

/** Orders that brought money in: paid, and every later step except a refund. */
export const EARNING_STATUSES = ['paid', 'processing', 'shipped', 'delivered'] as const;
/** The chart covers this many Nairobi days, today included (the web app draws the same days). */
export const SALES_DAYS = 30;

export async function dashboardFigures(db: Db, now = new Date()) {
  const earning = inArray(orders.status, [...EARNING_STATUSES]);
  // Whole days only: the first day of the chart starts at its midnight, not at this hour.
  const since = nairobiDayStartBefore(now, SALES_DAYS - 1);
  const [[money], [signups], byDay] = await Promise.all([
    db
      .select({ earnings: sum(orders.totalCents), orders: count() })
      .from(orders)
      .where(earning),
    db.select({ n: count() }).from(users),
    queryRows<{ day: string; total: number }>(
      db,
      sql`select to_char((${orders.paidAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD') as day,
                 sum(${orders.totalCents})::bigint as total
          from ${orders}
          where ${earning} and ${orders.paidAt} >= ${since}
          group by 1 order by 1`,
    ),
  ]);
  return {
    earnings: Number(money?.earnings ?? 0),
    orders: money?.orders ?? 0,
    signups: signups?.n ?? 0,
    sales_by_day: byDay.map((r) => ({ date: r.day, total: Number(r.total) })),
  };
}

const dashboardAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Earnings, orders, sign-ups, sales by day (30 days) and recent orders',
        security: [{ bearerAuth: [] }],
        querystring: adminListQuerySchema(10),
        response: { 200: dashboardSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      ...(await dashboardFigures(db)),
      recent_orders: await listAdminOrders(db, request.query),
    }),
  );
};

export default dashboardAdmin;

// Customers: the list, admin rights (the last admin cannot be demoted) and computed figures.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import {
  adminListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  apiErrorSchema,
  customersSummarySchema,
  idParamSchema,
  setAdminSchema,
  type CustomersSummary,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { conflict, found } from '../lib/http-error.ts';
import { toAdminUser } from './mappers.ts';
import { nairobiMonthStart } from './nairobi-time.ts';

/** SPEC §9: 'Active Now' counts users active within 10 minutes. */
export const ACTIVE_WINDOW_MS = 600_000;

/** part as a percentage of whole, one decimal; null when there is nothing to compare with. */
const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/**
 * The Customers tiles (DESIGN.md 10: computed, not the spec's fixed '16%' and '1%'). Months are
 * Nairobi months.
 */
export async function customersSummary(db: Db, now = new Date()): Promise<CustomersSummary> {
  const thisMonth = nairobiMonthStart(now, 0);
  const lastMonth = nairobiMonthStart(now, 1);
  const countWhere = async (where?: SQL) =>
    (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
  const [total, active, signupsThisMonth, signupsLastMonth] = await Promise.all([
    countWhere(),
    countWhere(gte(users.lastActiveAt, new Date(now.getTime() - ACTIVE_WINDOW_MS))),
    countWhere(gte(users.createdAt, thisMonth)),
    countWhere(and(gte(users.createdAt, lastMonth), lt(users.createdAt, thisMonth))),
  ]);
  return {
    total_customers: total,
    members: Math.max(0, total - 15),
    active_now: active,
    signups_this_month: signupsThisMonth,
    signups_last_month: signupsLastMonth,
    growth_percent: percent(signupsThisMonth, total - signupsThisMonth),
    signups_change_percent: percent(signupsThisMonth - signupsLastMonth, signupsLastMonth),
    active_percent: percent(active, total) ?? 0,
  };
}

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const usersAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Every account, oldest first',
        security,
        querystring: adminListQuerySchema(10),
        response: { 200: adminUserPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { limit, skip } = request.query;
      const [rows, [total]] = await Promise.all([
        db.select().from(users).orderBy(asc(users.id)).limit(limit).offset(skip),
        db.select({ n: count() }).from(users),
      ]);
      return { users: rows.map(toAdminUser), total: total?.n ?? 0, skip, limit };
    },
  );

  app.get(
    '/admin/customers/summary',
    {
      schema: {
        tags,
        summary: 'Customer figures: total, members, active now and this month',
        security,
        response: { 200: customersSummarySchema },
      },
    },
    async () => customersSummary(db),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Grant or revoke admin rights; the last admin cannot be demoted',
        security,
        params: idParamSchema,
        body: setAdminSchema,
        response: {
          200: adminUserSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const makeAdmin = request.body.is_admin;
      const row = await db.transaction(async (tx) => {
        // Admin rows are locked so that two admins demoting each other cannot leave none.
        await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
        const [target] = await tx.select().from(users).where(eq(users.id, id));
        found(target, `The account ${id}`);
        if (!makeAdmin && target!.isAdmin) {
          const [others] = await tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.isAdmin, true), ne(users.id, id)));
          if ((others?.n ?? 0) === 0) {
            throw conflict('The shop must keep at least one administrator.', 'LAST_ADMIN');
          }
        }
        const [updated] = await tx
          .update(users)
          .set({ isAdmin: makeAdmin })
          .where(eq(users.id, id))
          .returning();
        return updated!;
      });
      return toAdminUser(row);
    },
  );
};

export default usersAdmin;

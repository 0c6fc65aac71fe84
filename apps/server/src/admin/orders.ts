// All orders, and moving an order along its lifecycle.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  adminListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  apiErrorSchema,
  idParamSchema,
  orderStatusUpdateSchema,
  type AdminOrderPage,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { orderItems, orders, payments, users } from '../db/schema.ts';
import { found, unprocessable } from '../lib/http-error.ts';
import { canMove, cancelUnpaidOrder, ORDER_TRANSITIONS } from '../orders/lifecycle.ts';
import { toAdminOrder } from './mappers.ts';

const firstItem = sql<
  string | null
>`(select ${orderItems.title} from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.id} limit 1)`;
/** How many different products the order holds (its quantity is item_count). */
const lineCount = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

export function adminOrderRows(db: Db, where?: SQL) {
  return db
    .select({ order: orders, email: users.email, username: users.username, firstItem, lineCount })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function listAdminOrders(
  db: Db,
  page: { limit: number; skip: number },
): Promise<AdminOrderPage> {
  const [rows, [total]] = await Promise.all([
    adminOrderRows(db).limit(page.limit).offset(page.skip),
    db.select({ n: count() }).from(orders),
  ]);
  return {
    orders: rows.map(toAdminOrder),
    total: total?.n ?? 0,
    skip: page.skip,
    limit: page.limit,
  };
}

/** The order's payments still waiting at the provider are closed, with the reason. */
function closeOpenPayments(tx: Tx, orderId: number, reason: string) {
  return tx
    .update(payments)
    .set({ status: 'cancelled', failureReason: reason })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created')));
}

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const ordersAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'Every order, newest first',
        security,
        querystring: adminListQuerySchema(10),
        response: { 200: adminOrderPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listAdminOrders(db, request.query),
  );

  app.patch(
    '/admin/orders/:id/status',
    {
      schema: {
        tags,
        summary: 'Move an order along its lifecycle (cancelling an unpaid order returns its stock)',
        security,
        params: idParamSchema,
        body: orderStatusUpdateSchema,
        response: {
          200: adminOrderSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const next = request.body.status;
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        const current = found(order, `The order ${id}`).status;
        if (!canMove(current, next)) {
          const allowed = ORDER_TRANSITIONS[current];
          throw unprocessable(
            allowed.length
              ? `An order that is ${current} can only become ${allowed.join(' or ')}.`
              : `An order that is ${current} cannot change any more.`,
            'ILLEGAL_TRANSITION',
          );
        }
        if (next === 'cancelled') {
          await cancelUnpaidOrder(tx, id);
          await closeOpenPayments(tx, id, 'cancelled by an administrator');
        } else {
          await tx
            .update(orders)
            .set({
              status: next,
              updatedAt: new Date(),
              ...(next === 'paid' ? { paidAt: new Date(), expiresAt: null } : {}),
            })
            .where(eq(orders.id, id));
          // Paid some other way: the provider's payment will never be captured now (a late
          // return finds the order no longer awaiting payment), so it is not left 'awaiting'.
          if (next === 'paid') {
            await closeOpenPayments(tx, id, 'marked paid by an administrator');
          }
        }
      });
      const [row] = await adminOrderRows(db, eq(orders.id, id));
      return toAdminOrder(row!);
    },
  );
};

export default ordersAdmin;

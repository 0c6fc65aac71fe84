// What the returns screens read: a shopper's returns of one order with the lines they may still
// return, and the back office's list and one return.
import type { AdminReturn, AdminReturnPage, OrderReturns, ReturnStatus } from '@duka/domain';
import type { Db } from '../../db/client.ts';
import { variantTitlesOf } from '../../catalog/return-facts.ts';
import { found, notFound } from '../../lib/http-error.ts';
import { paged, type PageRequest } from '../../lib/paged.ts';
import { refundsOfReturns } from '../../payments/refunds/return-refunds.ts';
import * as orders from '../repo.ts';
import { factsOf, type OrderFacts } from './facts.ts';
import { refundOwed } from './money.ts';
import * as repo from './repo.ts';
import { returnableLines, toReturn, type Settled } from './views.ts';

/** The refunds, replacement orders and variant names the returns' views need. */
async function settledOf(db: Db, returns: readonly repo.ReturnRow[]): Promise<Settled> {
  const replacementIds = returns.flatMap((r) => (r.exchangeOrderId ? [r.exchangeOrderId] : []));
  const [refunds, replacements, variantTitles] = await Promise.all([
    refundsOfReturns(
      db,
      returns.map((r) => r.id),
    ),
    Promise.all(replacementIds.map((id) => orders.orderById(db, id))),
    variantTitlesOf(
      db,
      returns.flatMap((r) => (r.exchangeVariantId ? [r.exchangeVariantId] : [])),
    ),
  ]);
  return {
    refunds,
    replacements: new Map(replacements.flatMap((o) => (o ? [[o.id, o.totalCents]] : []))),
    variantTitles,
  };
}

export async function orderReturns(
  db: Db,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderReturns> {
  const order = await orders.orderById(db, orderId);
  // Another shopper's order is answered exactly like a missing one.
  if (!order || order.userId !== userId) throw notFound(`The order ${orderId}`);
  const facts = await factsOf(db, order);
  const settled = await settledOf(db, facts.returns);
  return {
    returns: [...facts.returns].reverse().map((r) => toReturn(facts, r, settled, 'shopper')),
    returnable: returnableLines(facts, now),
    exchange_for: await repo.replacementOf(db, orderId),
  };
}

function toAdminReturn(
  facts: OrderFacts,
  row: repo.AdminReturnRow,
  settled: Settled,
  refundError: string | null = null,
): AdminReturn {
  const ret = row.ret;
  const view = toReturn(facts, ret, settled, 'staff');
  const asked = view.refunds.reduce((sum, r) => sum + r.amount, 0);
  const replacementTotal = ret.exchangeOrderId
    ? settled.replacements.get(ret.exchangeOrderId)
    : undefined;
  const owed =
    ret.status === 'received' ? (refundOwed(facts, ret, replacementTotal)?.amountCents ?? 0) : 0;
  return {
    ...view,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    order_status: row.orderStatus,
    refund_owed: Math.max(0, owed - asked),
    refund_error: refundError,
  };
}

/** The back office's returns: rows of one page, each read with its order's facts. */
async function adminViews(
  db: Db,
  rows: readonly repo.AdminReturnRow[],
  refundError?: string | null,
) {
  const orderIds = [...new Set(rows.map((r) => r.ret.orderId))];
  const facts = new Map(
    await Promise.all(
      orderIds.map(
        async (id) => [id, await factsOf(db, (await orders.orderById(db, id))!)] as const,
      ),
    ),
  );
  const settled = await settledOf(
    db,
    rows.map((r) => r.ret),
  );
  return rows.map((row) => toAdminReturn(facts.get(row.ret.orderId)!, row, settled, refundError));
}

export async function listAdminReturns(
  db: Db,
  query: PageRequest & { status?: ReturnStatus | undefined; order_id?: number | undefined },
): Promise<AdminReturnPage> {
  const where = repo.withFilter(query);
  const page = await paged(
    'returns',
    query,
    repo.adminReturnRows(db, where),
    repo.countReturns(db, where),
    (row) => row,
  );
  return { ...page, returns: await adminViews(db, page.returns) };
}

export async function adminReturn(
  db: Db,
  id: number,
  refundError: string | null = null,
): Promise<AdminReturn> {
  const [row] = await repo.adminReturnRows(db, repo.withFilter({ id }));
  const [view] = await adminViews(db, [found(row, `The return ${id}`)], refundError);
  return view!;
}

// What packing, shipping and following an order read (issue 22): the admin's order page with its
// lines, customer, delivery, payments and timeline; and the public tracking look-up, which answers
// an order's timeline to whoever knows its number and the phone on it, and nothing else.
import {
  countyName,
  nextStatuses,
  normaliseKenyanMobile,
  type AdminOrderDetail,
  type TrackedOrder,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { found, HttpError } from '../lib/http-error.ts';
import { orderMoney } from '../payments/money.ts';
import { orderRefunds } from '../payments/refunds/order-refunds.ts';
import { paymentsOf } from '../payments/repo.ts';
import { isCollectable, taxInvoiceFor, toOrderDetail, toTimeline } from './mappers.ts';
import * as repo from './repo.ts';
import { discountsOf } from './discounts.ts';

export async function adminOrderDetail(db: Db, id: number): Promise<AdminOrderDetail> {
  const row = found(await repo.adminOrderById(db, id), `The order ${id}`);
  const { order } = row;
  const [items, paid, timeline, money, refunds, discounts] = await Promise.all([
    repo.itemsOf(db, [id]),
    paymentsOf(db, id),
    repo.timelineOf(db, id),
    orderMoney(db, order),
    orderRefunds(db, id),
    discountsOf(db, [id]),
  ]);
  const lines = items.get(id) ?? [];
  const settling = paid.find((p) => p.status === 'captured' || p.status === 'refunded');
  const detail = toOrderDetail(
    order,
    lines,
    row.userPhone ?? '',
    settling,
    [],
    money,
    discounts.get(id) ?? [],
  );
  return {
    ...detail,
    user_email: row.email,
    username: row.username,
    next_statuses: nextStatuses(order),
    collectable: isCollectable(order),
    items: detail.items.map((item, i) => ({ ...item, sku: lines[i]?.sku ?? null })),
    payments: paid.map((p) => ({
      id: p.id,
      method: p.method,
      status: p.status,
      amount: p.amountCents,
      received: p.receivedCents,
      overpaid: p.overpaidCents,
      transaction_id: p.transactionId,
      created_at: p.createdAt.toISOString(),
      captured_at: p.capturedAt?.toISOString() ?? null,
    })),
    refunds,
    timeline: timeline.map((t, i) => ({ ...toTimeline(timeline)[i]!, by: t.actorEmail })),
    county: order.countyCode ? (countyName(order.countyCode) ?? null) : null,
    tax_invoice_for: taxInvoiceFor(order),
  };
}

/**
 * An order's timeline for whoever gives its number and the phone on it (the delivery's phone, else
 * the account's). A wrong phone and an unknown order get the same 404, so the look-up tells
 * nothing about orders it does not open.
 */
export async function trackOrder(db: Db, orderId: number, phone: string): Promise<TrackedOrder> {
  const nothing = new HttpError(404, 'NOT_FOUND', 'No order matches this number and phone.');
  const given = normaliseKenyanMobile(phone);
  const row = await repo.adminOrderById(db, orderId);
  if (!given || !row) throw nothing;
  const onOrder = [row.order.phone, row.userPhone].map((p) =>
    p ? normaliseKenyanMobile(p) : null,
  );
  if (!onOrder.includes(given)) throw nothing;
  const timeline = await repo.timelineOf(db, orderId);
  return {
    order_id: orderId,
    status: row.order.status,
    timeline: timeline.map((t) => ({ status: t.status, at: t.at.toISOString() })),
  };
}

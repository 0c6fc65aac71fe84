// A shopper's own orders. Every query is filtered by the user id from the token.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { expectedDelivery, type Order, type OrderDetail, type OrderPage } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { orderItems, orders, payments, users } from '../db/schema.ts';
import { found } from '../lib/http-error.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function shippingAddressOf(
  o: Pick<OrderRow, 'streetAddress' | 'apartmentNumber' | 'city' | 'zipCode'>,
): string {
  return [o.apartmentNumber, o.streetAddress, o.city, o.zipCode].filter(Boolean).join(', ');
}

function toOrder(row: OrderRow, items: ItemRow[]): Order {
  return {
    id: row.id,
    order_date: row.createdAt.toISOString(),
    status: row.status,
    shipping_address: shippingAddressOf(row),
    payment_method: row.paymentMethod,
    order_total: row.totalCents,
    items: items.map((i) => ({
      product_id: i.productId,
      title: i.title,
      image: i.image,
      price: i.unitPriceCents,
      quantity: i.quantity,
      subtotal: i.unitPriceCents * i.quantity,
    })),
  };
}

async function itemsOf(db: Db, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
  const byOrder = new Map<number, ItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export async function listOwnOrders(
  db: Db,
  userId: number,
  page: { limit: number; skip: number },
): Promise<OrderPage> {
  const mine = eq(orders.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    orders: rows.map((r) => toOrder(r, items.get(r.id) ?? [])),
    total: total?.n ?? 0,
    skip: page.skip,
    limit: page.limit,
  };
}

export async function getOwnOrder(db: Db, userId: number, orderId: number): Promise<OrderDetail> {
  const [row] = await db
    .select({ order: orders, phone: users.phoneNumber })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  // Another shopper's order is answered exactly like a missing one.
  const { order, phone } = found(row, `The order ${orderId}`);
  const items = (await itemsOf(db, [order.id])).get(order.id) ?? [];
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(desc(payments.capturedAt), desc(payments.id))
    .limit(1);
  return {
    ...toOrder(order, items),
    item_count: order.itemCount,
    items_total: order.itemsCents,
    shipping: order.shippingCents,
    vat: order.vatCents,
    shipping_name: order.shippingName,
    street_address: order.streetAddress,
    apartment_number: order.apartmentNumber,
    city: order.city,
    zip_code: order.zipCode,
    email: order.email,
    phone_number: phone,
    paid_at: order.paidAt?.toISOString() ?? null,
    transaction_id: payment?.transactionId ?? null,
    payer_id: payment?.payerId ?? null,
    settlement: payment
      ? {
          currency: payment.settlementCurrency,
          amount_minor: payment.settlementAmountMinor,
          rate: payment.exchangeRate,
        }
      : null,
    expected_delivery: order.paidAt ? expectedDelivery(order.paidAt) : null,
  };
}

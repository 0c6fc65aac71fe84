import type { AdminOrder, AdminUser } from '@duka/domain';
import type { orders, users } from '../db/schema.ts';
import { ORDER_TRANSITIONS } from '../orders/lifecycle.ts';
import { shippingAddressOf } from '../orders/service.ts';

export function toAdminUser(row: typeof users.$inferSelect): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone_number: row.phoneNumber,
    is_admin: row.isAdmin,
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
  };
}

export interface AdminOrderRow {
  order: typeof orders.$inferSelect;
  email: string;
  username: string;
  firstItem: string | null;
  lineCount: number;
}

export function toAdminOrder({
  order,
  email,
  username,
  firstItem,
  lineCount,
}: AdminOrderRow): AdminOrder {
  return {
    id: order.id,
    user_email: email,
    username,
    created_at: order.createdAt.toISOString(),
    shipping_address: shippingAddressOf(order),
    payment_method: order.paymentMethod,
    order_total: order.totalCents,
    status: order.status,
    next_statuses: [...ORDER_TRANSITIONS[order.status]],
    first_item: firstItem ?? '',
    line_count: Number(lineCount),
    item_count: order.itemCount,
  };
}

// The orders as CSV for the books: one row per order with its money in shillings, how it was paid
// and the provider's receipt (to reconcile M-Pesa and PayPal statements), newest first.
import { and } from 'drizzle-orm';
import { countyName, type OrdersExportQuery } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { orders } from './schema.ts';
import { csvCell } from '../lib/csv.ts';
import { withinNairobiDays } from '../lib/sql.ts';
import { adminOrderRows, withStatus, type AdminOrderRow } from './repo.ts';

/** A month of a busy shop fits; a wider span is cut to the newest this many (the summary says so). */
export const ORDERS_CSV_MAX_ROWS = 20_000;

export const ORDERS_CSV_HEADER = [
  'Order',
  'Date',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'County',
  'Delivery',
  'Payment method',
  'Payment receipt',
  'Items (Ksh)',
  'Delivery (Ksh)',
  'VAT (Ksh)',
  'Total (Ksh)',
  'Paid at',
  'Buyer KRA PIN',
];

const nairobi = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'short',
  timeStyle: 'short',
});
const shillings = (cents: number) => (cents / 100).toFixed(2);

function csvRow({ order, email, userPhone, receipt }: AdminOrderRow): string[] {
  return [
    String(order.id),
    nairobi.format(order.createdAt),
    order.status,
    order.shippingName,
    email,
    order.phone ?? userPhone ?? '',
    order.countyCode ? (countyName(order.countyCode) ?? order.countyCode) : '',
    order.pickupPoint ? `Pickup: ${order.pickupPoint.name}` : 'Home',
    order.paymentMethod,
    receipt ?? '',
    shillings(order.itemsCents),
    shillings(order.shippingCents),
    shillings(order.vatCents),
    shillings(order.totalCents),
    order.paidAt ? nairobi.format(order.paidAt) : '',
    order.buyerPin ?? '',
  ];
}

export async function ordersCsv(db: Db, q: OrdersExportQuery): Promise<string> {
  const where = and(withStatus(q.status), withinNairobiDays(orders.createdAt, q.from, q.to));
  const rows = await adminOrderRows(db, where).limit(ORDERS_CSV_MAX_ROWS);
  return [ORDERS_CSV_HEADER, ...rows.map(csvRow)]
    .map((cells) => cells.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

// Order rows as the API shows them.
import {
  countyName,
  expectedDelivery,
  awaitsPayment,
  nextStatuses,
  PAY_ON_DELIVERY_LABEL,
  shippingAddressOf,
  type AdminOrder,
  type Money,
  type Order,
  type OrderDetail,
  type TimelineEntry,
} from '@duka/domain';
import type { PaymentRow } from '../payments/repo.ts';
import { transactionIdOf } from '../payments/status.ts';
import type { AdminOrderRow, OrderItemRow, OrderRow, timelineOf } from './repo.ts';
import type { OrderDiscountLine } from './discounts.ts';

export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  money: Money,
  discounts: readonly OrderDiscountLine[],
): Order {
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
      variant_id: i.variantId,
      variant: i.variantTitle,
      image: i.image,
      price: i.unitPriceCents,
      quantity: i.quantity,
      subtotal: i.unitPriceCents * i.quantity,
    })),
    ...discountsShown(row, discounts),
    money,
  };
}

/** The promotions an order got, by name, and what they took off in all (issue 36). */
function discountsShown(order: OrderRow, discounts: readonly OrderDiscountLine[]) {
  return {
    discounts: discounts.map((d) => ({ name: d.name, code: d.code, amount: d.amountCents })),
    discount_total: order.discountCents,
  };
}

/** Paid on delivery and not paid yet: the admin can record its money. */
/** Whom the order's tax invoice is for, when a business buyer gave its KRA PIN. */
export const taxInvoiceFor = (order: OrderRow) =>
  order.buyerPin ? { kra_pin: order.buyerPin, business_name: order.buyerName } : null;

export function isCollectable(order: OrderRow): boolean {
  return order.paymentMethod === PAY_ON_DELIVERY_LABEL && awaitsPayment(order);
}

export function toTimeline(rows: Awaited<ReturnType<typeof timelineOf>>) {
  return rows.map((r) => ({ status: r.status, at: r.at.toISOString(), note: r.note }));
}

export function toOrderDetail(
  order: OrderRow,
  items: OrderItemRow[],
  phone: string,
  payment: PaymentRow | undefined,
  timeline: TimelineEntry[],
  money: Money,
  discounts: readonly OrderDiscountLine[],
): OrderDetail {
  return {
    ...toOrder(order, items, money, discounts),
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
    // The phone given for this delivery, else the account's.
    phone_number: order.phone ?? phone,
    paid_at: order.paidAt?.toISOString() ?? null,
    transaction_id: payment ? transactionIdOf(payment) : null,
    // M-Pesa has no payer id: the phone that paid stands in (the screen shows its last digits).
    payer_id: payment?.payerId ?? payment?.phone ?? null,
    settlement: payment
      ? {
          currency: payment.settlementCurrency,
          amount_minor: payment.settlementAmountMinor,
          rate: payment.exchangeRate,
        }
      : null,
    expected_delivery: expectedDeliveryOf(order),
    courier: order.courier,
    tracking_number: order.trackingNumber,
    timeline,
    delivery: order.delivery === 'pickup' ? 'pickup' : 'home',
    county: order.countyCode ? (countyName(order.countyCode) ?? null) : null,
    pickup_point: order.pickupPoint
      ? {
          name: order.pickupPoint.name,
          address: order.pickupPoint.address,
          opening_hours: order.pickupPoint.openingHours,
        }
      : null,
  };
}

/**
 * When it should arrive, by the days promised at checkout: counted from payment, or from the
 * order for one paid on delivery; unknown while an order awaits payment.
 */
export function expectedDeliveryOf(order: OrderRow): { from: string; to: string } | null {
  const from = order.paidAt ?? (order.status === 'confirmed' ? order.createdAt : null);
  return from ? expectedDelivery(from, { min: order.etaMinDays, max: order.etaMaxDays }) : null;
}

export function toAdminOrder(
  { order, email, username, userPhone, firstItem, itemLines, lineCount, receipt }: AdminOrderRow,
  money: Money,
  discounts: readonly OrderDiscountLine[],
): AdminOrder {
  return {
    id: order.id,
    user_email: email,
    username,
    created_at: order.createdAt.toISOString(),
    shipping_address: shippingAddressOf(order),
    payment_method: order.paymentMethod,
    order_total: order.totalCents,
    status: order.status,
    next_statuses: nextStatuses(order),
    first_item: firstItem ?? '',
    line_count: Number(lineCount),
    item_count: order.itemCount,
    receipt,
    phone: order.phone ?? (userPhone || null),
    items: itemLines ?? [],
    collectable: isCollectable(order),
    money,
    ...discountsShown(order, discounts),
  };
}

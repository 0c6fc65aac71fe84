// What a shopper is told about an order, queued in the outbox in the transaction that changed
// it: the confirmation when it is paid (e-mail, and SMS when configured), and a notice when an
// admin marks it shipped (e-mail and SMS), delivered, cancelled or refunded (e-mail).
import { expectedDelivery, formatKsh, shippingAddressOf, type OrderStatus } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { nairobiDateTime, nairobiDay } from '../outbox/format.ts';
import { button, emailHtml, heading, paragraph, table, textFooter } from '../outbox/layout.ts';
import { enqueueEmail, enqueueSms, PUBLIC_URL } from '../outbox/service.ts';
import * as paymentsRepo from '../payments/repo.ts';
import * as repo from './repo.ts';
import { readShopSettings } from '../settings/repo.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';

const ORDERS_LINK = `${PUBLIC_URL}/userprofile/orderhistory`;

/** Between which days it should arrive, by the days promised for the order's county or point. */
function deliveryWindow(paidAt: Date, order: { etaMinDays: number; etaMaxDays: number }): string {
  const { from, to } = expectedDelivery(paidAt, { min: order.etaMinDays, max: order.etaMaxDays });
  return `between ${nairobiDay(from)} and ${nairobiDay(to)}`;
}

function lineRows(items: repo.OrderItemRow[]): [string, string][] {
  return items.map((i) => [
    `${i.quantity} × ${withVariant(i.title, i.variantTitle)} (${formatKsh(i.unitPriceCents)} each)`,
    formatKsh(i.unitPriceCents * i.quantity),
  ]);
}

function totalRows(order: repo.OrderRow): [string, string][] {
  return [
    [`Items (${order.itemCount})`, formatKsh(order.itemsCents)],
    ['Shipping & Handling', formatKsh(order.shippingCents)],
    ['VAT (16%)', formatKsh(order.vatCents)],
    ['Total', formatKsh(order.totalCents)],
  ];
}

const asText = (rows: [string, string][]) => rows.map(([l, v]) => `  ${l}: ${v}`).join('\n');

/** The confirmation of a paid order: its number, lines, totals, payment and delivery. */
export function confirmationEmail(
  order: repo.OrderRow,
  items: repo.OrderItemRow[],
  payment: { method: string; reference: string | null },
  paidAt: Date,
) {
  const subject = `Your Duka order #${order.id} is confirmed`;
  const address = `${order.shippingName}, ${shippingAddressOf(order)}`;
  const paymentLine = payment.reference
    ? `${payment.method}, reference ${payment.reference}`
    : payment.method;
  const delivery = deliveryWindow(paidAt, order);
  // The receipt page shows the eTIMS invoice as soon as KRA signs it (issue 23).
  const receiptLink = `${PUBLIC_URL}/receipt/${order.id}`;
  const intro = `Thank you for shopping with Duka. We have received your payment for order #${order.id} on ${nairobiDateTime(paidAt)}.`;
  const text =
    `Habari ${order.shippingName},\n\n${intro}\n\n` +
    `Order #${order.id}\n${asText(lineRows(items))}\n\n${asText(totalRows(order))}\n\n` +
    `Payment: ${paymentLine}\nDelivery address: ${address}\nExpected delivery: ${delivery}\n\n` +
    `Your tax invoice (receipt): ${receiptLink}\nYour orders: ${ORDERS_LINK}\n${textFooter}`;
  const html = emailHtml(
    subject,
    paragraph(`Habari ${order.shippingName},`) +
      paragraph(intro) +
      heading(`Order #${order.id}`) +
      table(lineRows(items)) +
      table(totalRows(order), { total: true }) +
      heading('Payment') +
      paragraph(paymentLine) +
      heading('Delivery') +
      paragraph(`${address}\nExpected ${delivery}`) +
      button('Your tax invoice', receiptLink) +
      button('View your orders', ORDERS_LINK),
  );
  return { subject, text, html };
}

/** Queues the confirmation of a paid order, in the transaction that marked it paid. */
export async function notifyOrderPaid(tx: Tx, order: repo.OrderRow, paidAt: Date): Promise<void> {
  const items = (await repo.itemsOf(tx, [order.id])).get(order.id) ?? [];
  const payment = await paymentsRepo.settlingPayment(tx, order.id);
  const mail = confirmationEmail(
    order,
    items,
    {
      method: order.paymentMethod,
      reference: payment?.status === 'captured' ? payment.transactionId : null,
    },
    paidAt,
  );
  await enqueueEmail(tx, { kind: 'order-paid', to: order.email, userId: order.userId, ...mail });
  const phone = await repo.shopperPhone(tx, order.userId);
  if (phone) {
    await enqueueSms(tx, {
      kind: 'order-paid',
      phone,
      userId: order.userId,
      text: `Duka: payment of ${formatKsh(order.totalCents)} received for order #${order.id}. Expected delivery ${deliveryWindow(paidAt, order)}. Asante!`,
    });
  }
}

type Notice = Extract<
  OrderStatus,
  'shipped' | 'ready_for_pickup' | 'delivered' | 'cancelled' | 'refunded'
>;

function noticeText(
  order: repo.OrderRow,
  status: Notice,
  now: Date,
  returnWindowDays = 0,
): { subject: string; lines: string[] } {
  const n = `#${order.id}`;
  switch (status) {
    case 'shipped':
      return {
        subject: `Your Duka order ${n} is on its way`,
        lines: [
          `Good news: order ${n} left our warehouse on ${nairobiDateTime(now)} and is on its way to ${order.shippingName}, ${order.pickupPoint ? `${order.pickupPoint.name}, ${order.pickupPoint.address}` : shippingAddressOf(order)}.`,
          shipmentLine(order),
          order.paidAt ? `Expected delivery: ${deliveryWindow(order.paidAt, order)}.` : '',
        ],
      };
    case 'ready_for_pickup':
      return {
        subject: `Your Duka order ${n} is ready for pickup`,
        lines: [
          `Order ${n} is waiting for you at ${order.pickupPoint?.name ?? 'your pickup point'}, ${order.pickupPoint?.address ?? ''}.`,
          order.pickupPoint ? `Opening hours: ${order.pickupPoint.openingHours}.` : '',
          order.paidAt
            ? 'Bring your order number and the phone number on the order.'
            : `Bring your order number and ${formatKsh(order.totalCents)} to pay, in cash or by M-Pesa.`,
        ],
      };
    case 'delivered':
      return {
        subject: `Your Duka order ${n} was delivered`,
        lines: [
          `Order ${n} was delivered on ${nairobiDateTime(now)}. We hope you enjoy it.`,
          // The shop's window (its settings); a product may name its own, as its page says.
          returnWindowDays > 0
            ? `Something not right? You can ask to return it from your order's page within ${returnWindowDays} days of delivery, in its original condition, unless its product page says otherwise.`
            : '',
        ],
      };
    case 'cancelled':
      return {
        subject: `Your Duka order ${n} was cancelled`,
        lines: [
          `Order ${n} (${formatKsh(order.totalCents)}) was cancelled on ${nairobiDateTime(now)}. No payment was taken for it.`,
        ],
      };
    case 'refunded':
      return {
        subject: `Your Duka order ${n} was refunded`,
        lines: [
          `We refunded ${formatKsh(order.totalCents)} for order ${n} on ${nairobiDateTime(now)}, to the way you paid (${order.paymentMethod}).`,
          'Refunds reach you within 7-10 business days.',
        ],
      };
  }
}

const NOTICES = new Set<OrderStatus>([
  'shipped',
  'ready_for_pickup',
  'delivered',
  'cancelled',
  'refunded',
]);

/** 'Courier: G4S. Tracking number: KE123456.' when the admin gave them. */
function shipmentLine(order: repo.OrderRow): string {
  return [
    order.courier && `Courier: ${order.courier}.`,
    order.trackingNumber && `Tracking number: ${order.trackingNumber}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Queues the notice of an admin's status change (shipped also by SMS), in its transaction. */
export async function notifyStatusChange(
  tx: Tx,
  order: repo.OrderRow,
  status: OrderStatus,
  now = new Date(),
): Promise<void> {
  if (!NOTICES.has(status)) return;
  const days = status === 'delivered' ? (await readShopSettings(tx)).return_window_days : 0;
  const { subject, lines } = noticeText(order, status as Notice, now, days);
  const body = lines.filter(Boolean);
  await enqueueEmail(tx, {
    kind: `order-${status}`,
    to: order.email,
    userId: order.userId,
    subject,
    text: `Habari ${order.shippingName},\n\n${body.join('\n\n')}\n\nYour orders: ${ORDERS_LINK}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(`Habari ${order.shippingName},`) +
        body.map(paragraph).join('') +
        button('View your orders', ORDERS_LINK),
    ),
  });
  if (status === 'shipped' || status === 'ready_for_pickup') {
    const phone = order.phone ?? (await repo.shopperPhone(tx, order.userId));
    if (phone) {
      const tracking = order.trackingNumber ? ` Tracking: ${order.trackingNumber}.` : '';
      await enqueueSms(tx, {
        kind: `order-${status}`,
        phone,
        userId: order.userId,
        text:
          status === 'shipped'
            ? `Duka: order #${order.id} is on its way to ${order.city}.${tracking}${order.paidAt ? ` Expected ${deliveryWindow(order.paidAt, order)}.` : ''}`
            : `Duka: order #${order.id} is ready for pickup at ${order.pickupPoint?.name ?? 'your pickup point'}, ${order.pickupPoint?.address ?? ''} (${order.pickupPoint?.openingHours ?? ''}).`,
      });
    }
  }
}

// What a shopper is told about an order, queued in the outbox in the transaction that changed
// it: the confirmation when it is paid (e-mail, and SMS when configured), and a notice when an
// admin marks it shipped (e-mail and SMS), delivered, cancelled or refunded (e-mail).
import { expectedDelivery, formatKsh, shippingAddressOf, type OrderStatus } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import {
  COMMON,
  dayIn,
  languageOfRow,
  momentIn,
  paymentIn,
  shopLink,
  type Locale,
} from '../outbox/language.ts';
import { button, emailHtml, heading, paragraph, table, textFooter } from '../outbox/layout.ts';
import { enqueueEmail, enqueueSms } from '../outbox/service.ts';
import * as paymentsRepo from '../payments/repo.ts';
import * as repo from './repo.ts';
import { readShopSettings } from '../settings/repo.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import { CONFIRMATION, NOTICES, type NoticeFacts } from './notification-texts.ts';

/** The shopper's list of orders, in the order's language (/sw/… for Kiswahili). */
const ordersLink = (language: Locale) => shopLink(language, '/userprofile/orderhistory');

/** Between which days it should arrive, by the days promised for the order's county or point. */
function deliveryWindow(
  paidAt: Date,
  order: { etaMinDays: number; etaMaxDays: number },
  language: Locale = 'en',
): string {
  const { from, to } = expectedDelivery(paidAt, { min: order.etaMinDays, max: order.etaMaxDays });
  return CONFIRMATION[language].between(dayIn(language, from), dayIn(language, to));
}

function lineRows(items: repo.OrderItemRow[], language: Locale): [string, string][] {
  const words = CONFIRMATION[language];
  return items.map((i) => [
    words.line(i.quantity, withVariant(i.title, i.variantTitle), formatKsh(i.unitPriceCents)),
    formatKsh(i.unitPriceCents * i.quantity),
  ]);
}

function totalRows(order: repo.OrderRow, language: Locale): [string, string][] {
  const words = CONFIRMATION[language];
  return [
    [words.items(order.itemCount), formatKsh(order.itemsCents)],
    [words.shipping, formatKsh(order.shippingCents)],
    [words.vat, formatKsh(order.vatCents)],
    [words.total, formatKsh(order.totalCents)],
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
  const language = languageOfRow(order.language);
  const words = CONFIRMATION[language];
  const common = COMMON[language];
  const subject = words.subject(order.id);
  const address = `${order.shippingName}, ${shippingAddressOf(order)}`;
  const method = paymentIn(language, payment.method);
  const paymentLine = payment.reference ? words.reference(method, payment.reference) : method;
  const delivery = deliveryWindow(paidAt, order, language);
  // The receipt page shows the eTIMS invoice as soon as KRA signs it (issue 23).
  const receiptLink = shopLink(language, `/receipt/${order.id}`);
  const ordersPage = ordersLink(language);
  const intro = words.intro(order.id, momentIn(language, paidAt));
  const text =
    `${common.greeting(order.shippingName)}\n\n${intro}\n\n` +
    `${words.orderHeading(order.id)}\n${asText(lineRows(items, language))}\n\n${asText(totalRows(order, language))}\n\n` +
    `${words.payment}: ${paymentLine}\n${words.deliveryAddress}: ${address}\n${words.expectedDelivery}: ${delivery}\n\n` +
    `${words.receipt}: ${receiptLink}\n${common.yourOrders}: ${ordersPage}\n${textFooter}`;
  const html = emailHtml(
    subject,
    paragraph(common.greeting(order.shippingName)) +
      paragraph(intro) +
      heading(words.orderHeading(order.id)) +
      table(lineRows(items, language)) +
      table(totalRows(order, language), { total: true }) +
      heading(words.payment) +
      paragraph(paymentLine) +
      heading(words.delivery) +
      paragraph(`${address}\n${words.expected(delivery)}`) +
      button(words.receiptButton, receiptLink) +
      button(common.viewOrders, ordersPage),
    language,
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
    const language = languageOfRow(order.language);
    await enqueueSms(tx, {
      kind: 'order-paid',
      phone,
      userId: order.userId,
      text: CONFIRMATION[language].sms(
        formatKsh(order.totalCents),
        order.id,
        deliveryWindow(paidAt, order, language),
      ),
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
  const language = languageOfRow(order.language);
  const facts: NoticeFacts = {
    n: `#${order.id}`,
    name: order.shippingName,
    destination: order.pickupPoint
      ? `${order.pickupPoint.name}, ${order.pickupPoint.address}`
      : shippingAddressOf(order),
    at: momentIn(language, now),
    shipment: shipmentLine(order, language),
    window: order.paidAt ? deliveryWindow(order.paidAt, order, language) : null,
    point: order.pickupPoint,
    total: formatKsh(order.totalCents),
    paid: order.paidAt !== null,
    returnWindowDays,
    paymentMethod: paymentIn(language, order.paymentMethod),
  };
  return NOTICES[language][status](facts);
}

const NOTICES_SENT = new Set<OrderStatus>([
  'shipped',
  'ready_for_pickup',
  'delivered',
  'cancelled',
  'refunded',
]);

/** 'Courier: G4S. Tracking number: KE123456.' when the admin gave them. */
export function shipmentLine(
  order: Pick<repo.OrderRow, 'courier' | 'trackingNumber'>,
  language: Locale = 'en',
): string {
  const words = NOTICES[language];
  return [
    order.courier && words.courier(order.courier),
    order.trackingNumber && words.tracking(order.trackingNumber),
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
  if (!NOTICES_SENT.has(status)) return;
  const language = languageOfRow(order.language);
  const common = COMMON[language];
  const days = status === 'delivered' ? (await readShopSettings(tx)).return_window_days : 0;
  const { subject, lines } = noticeText(order, status as Notice, now, days);
  const body = lines.filter(Boolean);
  const ordersPage = ordersLink(language);
  await enqueueEmail(tx, {
    kind: `order-${status}`,
    to: order.email,
    userId: order.userId,
    subject,
    text: `${common.greeting(order.shippingName)}\n\n${body.join('\n\n')}\n\n${common.yourOrders}: ${ordersPage}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(common.greeting(order.shippingName)) +
        body.map(paragraph).join('') +
        button(common.viewOrders, ordersPage),
      language,
    ),
  });
  if (status === 'shipped' || status === 'ready_for_pickup') {
    const phone = order.phone ?? (await repo.shopperPhone(tx, order.userId));
    if (phone) {
      const words = NOTICES[language];
      await enqueueSms(tx, {
        kind: `order-${status}`,
        phone,
        userId: order.userId,
        text:
          status === 'shipped'
            ? words.smsShipped(
                order.id,
                order.city,
                order.trackingNumber,
                order.paidAt ? deliveryWindow(order.paidAt, order, language) : null,
              )
            : words.smsReady(order.id, order.pickupPoint),
      });
    }
  }
}

// A courier and tracking number added to an order on its way, or corrected (issue 33): an order
// shipped without them could never get them before. The change is audited and the shopper is
// e-mailed the new details, both in the transaction that makes it.
import { shippingAddressOf, type ShipmentUpdate } from '@duka/domain';
import type { Db } from '../db/client.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { found, unprocessable } from '../lib/http-error.ts';
import { button, emailHtml, paragraph, textFooter } from '../outbox/layout.ts';
import { enqueueEmail, PUBLIC_URL } from '../outbox/service.ts';
import * as repo from './repo.ts';

const ORDERS_LINK = `${PUBLIC_URL}/userprofile/orderhistory`;

/** The e-mail that gives the shopper the courier and tracking number as they now are. */
export function shipmentEmail(order: repo.OrderRow) {
  const n = `#${order.id}`;
  const subject = `Your Duka order ${n}: how to follow it`;
  const destination = order.pickupPoint
    ? `${order.pickupPoint.name}, ${order.pickupPoint.address}`
    : shippingAddressOf(order);
  const lines = [
    `Order ${n} is on its way to ${order.shippingName}, ${destination}. Here is how to follow it:`,
    [
      order.courier && `Courier: ${order.courier}.`,
      order.trackingNumber && `Tracking number: ${order.trackingNumber}.`,
    ]
      .filter(Boolean)
      .join(' '),
  ];
  return {
    subject,
    text: `Habari ${order.shippingName},\n\n${lines.join('\n\n')}\n\nYour orders: ${ORDERS_LINK}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(`Habari ${order.shippingName},`) +
        lines.map(paragraph).join('') +
        button('View your orders', ORDERS_LINK),
    ),
  };
}

/**
 * Sets what is given of the courier and tracking number of order `id`, which must be on its way
 * (shipped). Nothing changed: nothing written, nobody e-mailed.
 */
export async function updateShipment(
  db: Db,
  id: number,
  change: ShipmentUpdate,
  audit?: AuditTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, id), `The order ${id}`);
    if (order.status !== 'shipped') {
      throw unprocessable(
        'Only an order on its way (shipped) can be given a courier or tracking number.',
        'NOT_SHIPPED',
      );
    }
    const courier = change.courier ?? order.courier;
    const trackingNumber = change.tracking_number ?? order.trackingNumber;
    if (courier === order.courier && trackingNumber === order.trackingNumber) return;
    await repo.updateOrder(tx, id, { courier, trackingNumber });
    await audit?.record(tx, {
      action: 'order.shipment.update',
      entity: 'order',
      entityId: id,
      before: { courier: order.courier, tracking_number: order.trackingNumber },
      after: { courier, tracking_number: trackingNumber },
    });
    const mail = shipmentEmail({ ...order, courier, trackingNumber });
    await enqueueEmail(tx, {
      kind: 'order-shipment-update',
      to: order.email,
      userId: order.userId,
      ...mail,
    });
  });
}

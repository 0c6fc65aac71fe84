// A courier and tracking number added to an order on its way, or corrected (issue 33): an order
// shipped without them could never get them before. The change is audited and the shopper is
// e-mailed the new details, both in the transaction that makes it.
import { shippingAddressOf, type ShipmentUpdate } from '@duka/domain';
import type { Db } from '../db/client.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { found, unprocessable } from '../lib/http-error.ts';
import { COMMON, languageOfRow, shopLink } from '../outbox/language.ts';
import { button, emailHtml, paragraph, textFooter } from '../outbox/layout.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { shipmentLine } from './notifications.ts';
import { FOLLOW_PARCEL } from './notification-texts.ts';
import * as repo from './repo.ts';

/** The e-mail that gives the shopper the courier and tracking number as they now are. */
export function shipmentEmail(order: repo.OrderRow) {
  const language = languageOfRow(order.language);
  const words = FOLLOW_PARCEL[language];
  const common = COMMON[language];
  const ordersLink = shopLink(language, '/userprofile/orderhistory');
  const n = `#${order.id}`;
  const subject = words.subject(n);
  const destination = order.pickupPoint
    ? `${order.pickupPoint.name}, ${order.pickupPoint.address}`
    : shippingAddressOf(order);
  const lines = [words.intro(n, order.shippingName, destination), shipmentLine(order, language)];
  return {
    subject,
    text: `${common.greeting(order.shippingName)}\n\n${lines.join('\n\n')}\n\n${common.yourOrders}: ${ordersLink}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(common.greeting(order.shippingName)) +
        lines.map(paragraph).join('') +
        button(common.viewOrders, ordersLink),
      language,
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

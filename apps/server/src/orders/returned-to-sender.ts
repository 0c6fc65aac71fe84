// A parcel that came back (issue 34): refused at the door, not deliverable, or never collected
// from its pickup point. The order is over (it owes nothing: payments/money.ts), its stock goes
// back on the shelf, any money it took goes back the way it came (first, as refunding an order
// does: a refund that cannot be made leaves the order where it was, to try again), its open
// payments are closed (a pay-on-delivery parcel refused at the door: nothing to refund), and the
// shopper is told.
import { canMove, formatKsh, transitionRefusal } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { returnStock } from '../catalog/stock/index.ts';
import { forbidden, found, unprocessable } from '../lib/http-error.ts';
import { COMMON, languageOfRow, shopLink } from '../outbox/language.ts';
import { button, emailHtml, paragraph, textFooter } from '../outbox/layout.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { CAME_BACK } from './notification-texts.ts';
import type { Payments } from '../payments/context.ts';
import * as paymentsRepo from '../payments/repo.ts';
import { failedRefund, refundEverything } from '../payments/refunds.ts';
import * as repo from './repo.ts';
import { statusEntry } from './service.ts';

const NOTE = 'returned to sender';

async function tellShopper(tx: Tx, order: repo.OrderRow, refundedCents: number) {
  const language = languageOfRow(order.language);
  const words = CAME_BACK[language];
  const common = COMMON[language];
  const subject = words.subject(order.id);
  const link = shopLink(language, `/userprofile/orders/${order.id}`);
  const lines = words.lines(order.id, refundedCents > 0 ? formatKsh(refundedCents) : null);
  await enqueueEmail(tx, {
    kind: 'order-returned_to_sender',
    to: order.email,
    userId: order.userId,
    subject,
    text: `${common.greeting(order.shippingName)}\n\n${lines.join('\n\n')}\n\n${common.yourOrder}: ${link}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(common.greeting(order.shippingName)) +
        lines.map(paragraph).join('') +
        button(common.viewOrder, link),
      language,
    ),
  });
}

export async function returnToSender(
  p: Payments,
  orderId: number,
  by: { actorId: number; mayRefund: boolean; manualReference?: string | undefined },
  audit: AuditTrail,
): Promise<void> {
  const { db } = p;
  const held = await db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, orderId), `The order ${orderId}`);
    if (!canMove(order, 'returned_to_sender')) {
      throw unprocessable(transitionRefusal(order, 'returned_to_sender'), 'ILLEGAL_TRANSITION');
    }
    return (await paymentsRepo.paymentsOf(tx, orderId)).reduce(
      (sum, x) => sum + x.receivedCents - x.refundedCents,
      0,
    );
  });
  if (held > 0 && !by.mayRefund) {
    throw forbidden(
      'This order holds money to give back: that needs the payments.refund permission.',
    );
  }
  const refunds =
    held > 0 ? await refundEverything(p, orderId, by.manualReference, by.actorId, audit) : [];
  const failed = refunds.find((r) => r.status === 'failed');
  if (failed) throw failedRefund(failed);

  await db.transaction(async (tx) => {
    const order = (await repo.lockOrder(tx, orderId))!;
    const moved = await repo.moveOrder(
      tx,
      orderId,
      ['shipped', 'ready_for_pickup'],
      { status: 'returned_to_sender', expiresAt: null },
      { actorId: by.actorId, note: NOTE },
    );
    if (!moved) {
      throw unprocessable(transitionRefusal(order, 'returned_to_sender'), 'ILLEGAL_TRANSITION');
    }
    await returnStock(tx, await repo.stockLinesOf(tx, orderId));
    await paymentsRepo.closeOpenPayments(tx, orderId, 'cancelled', NOTE);
    await audit.record(
      tx,
      statusEntry(orderId, order.status, 'returned_to_sender', {
        restocked: true,
        refunds: refunds.map((r) => r.id),
      }),
    );
    await tellShopper(
      tx,
      order,
      refunds.reduce((sum, r) => sum + r.amountCents, 0),
    );
  });
}

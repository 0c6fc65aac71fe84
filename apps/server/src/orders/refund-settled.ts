// What a refund's result means for its order (payments/ calls it through app.payments, never
// importing orders/): money that went back for goods gets its credit note, and the shopper is
// told how much went back and how (decision record 029). In the caller's transaction.
import { formatKsh } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { issueRefundCreditNote } from '../invoices/credit-note.ts';
import { COMMON, languageOfRow, shopLink } from '../outbox/language.ts';
import { emailHtml, paragraph, button, textFooter } from '../outbox/layout.ts';
import { enqueueEmail } from '../outbox/service.ts';
import type { SettledRefund } from '../payments/context.ts';
import { REFUND_DONE } from './notification-texts.ts';
import * as repo from './repo.ts';

export async function applyRefundResult(tx: Tx, refund: SettledRefund): Promise<void> {
  if (refund.orderId === null || refund.status !== 'confirmed') return;
  // Read, not locked: the refund is locked already, and orders are locked before refunds.
  const order = await repo.orderById(tx, refund.orderId);
  if (!order) return;
  // Goods given back are credited on a KRA credit note, for what this refund gave back; an
  // overpayment was never sold.
  if (refund.kind === 'goods') {
    const items = (await repo.itemsOf(tx, [order.id])).get(order.id) ?? [];
    await issueRefundCreditNote(tx, {
      ...refund,
      orderId: order.id,
      orderItemIds: items.map((i) => i.id),
    });
  }
  const language = languageOfRow(order.language);
  const words = REFUND_DONE[language];
  const common = COMMON[language];
  const subject = words.subject(order.id);
  const link = shopLink(language, `/userprofile/orders/${order.id}`);
  const lines = [
    words.refunded(formatKsh(refund.amountCents), words.how[refund.method] ?? '', order.id),
    refund.reference ? words.reference(refund.reference) : '',
  ].filter(Boolean);
  await enqueueEmail(tx, {
    kind: 'order-refund',
    to: order.email,
    userId: order.userId,
    refId: refund.id,
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

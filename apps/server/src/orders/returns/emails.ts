// What a shopper is told about a return, queued in the outbox in the transaction that changed it:
// that it was asked for, approved, refused (with the shop's note) or received, and what follows
// (a refund on its way, or the replacement order).
import { formatKsh } from '@duka/domain';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import type { Tx } from '../../db/client.ts';
import { button, emailHtml, paragraph, textFooter } from '../../outbox/layout.ts';
import { enqueueEmail, PUBLIC_URL } from '../../outbox/service.ts';
import type { OrderItemRow, OrderRow } from '../repo.ts';
import type { ReturnLineRow, ReturnRow } from './repo.ts';

export type ReturnStep =
  | { kind: 'requested' }
  | { kind: 'approved' }
  | { kind: 'refused' }
  | { kind: 'received'; refundCents: number; replacement: OrderRow | null };

function listOf(lines: readonly ReturnLineRow[], items: readonly OrderItemRow[]): string {
  return lines
    .map((l) => {
      const item = items.find((i) => i.id === l.orderItemId);
      return `${l.quantity} × ${item ? withVariant(item.title, item.variantTitle) : 'item'}`;
    })
    .join(', ');
}

function wordsOf(order: OrderRow, ret: ReturnRow, step: ReturnStep, what: string) {
  const n = `#${order.id}`;
  switch (step.kind) {
    case 'requested':
      return {
        subject: `We received your return request for order ${n}`,
        lines: [
          `You asked to return ${what} from order ${n} for ${ret.resolution === 'refund' ? 'a refund' : 'an exchange'}.`,
          'We will tell you by e-mail when we have looked at it.',
        ],
      };
    case 'approved':
      return {
        subject: `Your return for order ${n} is approved`,
        lines: [
          `We approved the return of ${what} from order ${n}. Please send or bring the items back in their original condition, with the order number.`,
          ret.note ? `Our note: ${ret.note}` : '',
          ret.resolution === 'refund'
            ? 'We refund them once they reach us.'
            : 'We send the replacement once they reach us.',
        ],
      };
    case 'refused':
      return {
        subject: `Your return for order ${n} was not accepted`,
        lines: [`We could not accept the return of ${what} from order ${n}.`, `Why: ${ret.note}`],
      };
    case 'received': {
      const { refundCents, replacement } = step;
      return {
        subject: `We received your return for order ${n}`,
        lines: [
          `The returned ${what} from order ${n} reached us.`,
          ret.note ? `Our note: ${ret.note}` : '',
          refundCents > 0
            ? `We are refunding ${formatKsh(refundCents)} the way you paid; we will e-mail you when it has gone through.`
            : '',
          replacement
            ? replacement.totalCents > 0
              ? `Your replacement is order #${replacement.id}. It costs ${formatKsh(replacement.totalCents)} more than what you returned: pay it from the order's page and we send it.`
              : `Your replacement is order #${replacement.id}, at no charge. We will tell you when it is on its way.`
            : '',
        ],
      };
    }
  }
}

export async function notifyReturn(
  tx: Tx,
  order: OrderRow,
  ret: ReturnRow,
  lines: readonly ReturnLineRow[],
  items: readonly OrderItemRow[],
  step: ReturnStep,
): Promise<void> {
  const { subject, lines: said } = wordsOf(order, ret, step, listOf(lines, items));
  const body = said.filter(Boolean);
  const link = `${PUBLIC_URL}/userprofile/orders/${order.id}`;
  await enqueueEmail(tx, {
    kind: `return-${step.kind}`,
    to: order.email,
    userId: order.userId,
    subject,
    text: `Habari ${order.shippingName},\n\n${body.join('\n\n')}\n\nYour order: ${link}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(`Habari ${order.shippingName},`) +
        body.map(paragraph).join('') +
        button('View your order', link),
    ),
  });
}

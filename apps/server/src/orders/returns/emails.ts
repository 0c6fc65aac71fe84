// What a shopper is told about a return, queued in the outbox in the transaction that changed it:
// that it was asked for, approved, refused (with the shop's note) or received, and what follows
// (a refund on its way, or the replacement order).
import { formatKsh } from '@duka/domain';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import type { Tx } from '../../db/client.ts';
import { COMMON, languageOfRow, shopLink, type Locale } from '../../outbox/language.ts';
import { button, emailHtml, paragraph, textFooter } from '../../outbox/layout.ts';
import { enqueueEmail } from '../../outbox/service.ts';
import { RETURN_TEXTS } from './texts.ts';
import type { OrderItemRow, OrderRow } from '../repo.ts';
import type { ReturnLineRow, ReturnRow } from './repo.ts';

export type ReturnStep =
  | { kind: 'requested' }
  | { kind: 'approved' }
  | { kind: 'refused' }
  | { kind: 'received'; refundCents: number; replacement: OrderRow | null };

function listOf(
  lines: readonly ReturnLineRow[],
  items: readonly OrderItemRow[],
  language: Locale,
): string {
  return lines
    .map((l) => {
      const item = items.find((i) => i.id === l.orderItemId);
      const name = item ? withVariant(item.title, item.variantTitle) : RETURN_TEXTS[language].item;
      return `${l.quantity} × ${name}`;
    })
    .join(', ');
}

function wordsOf(
  language: Locale,
  order: OrderRow,
  ret: ReturnRow,
  step: ReturnStep,
  what: string,
) {
  const received = step.kind === 'received' ? step : null;
  const replacement = received?.replacement;
  return RETURN_TEXTS[language][step.kind]({
    n: `#${order.id}`,
    what,
    refund: ret.resolution === 'refund',
    note: ret.note,
    refunding: received && received.refundCents > 0 ? formatKsh(received.refundCents) : null,
    replacement: replacement
      ? {
          id: replacement.id,
          extra: replacement.totalCents > 0 ? formatKsh(replacement.totalCents) : null,
        }
      : null,
  });
}

export async function notifyReturn(
  tx: Tx,
  order: OrderRow,
  ret: ReturnRow,
  lines: readonly ReturnLineRow[],
  items: readonly OrderItemRow[],
  step: ReturnStep,
): Promise<void> {
  const language = languageOfRow(order.language);
  const common = COMMON[language];
  const what = listOf(lines, items, language);
  const { subject, lines: said } = wordsOf(language, order, ret, step, what);
  const body = said.filter(Boolean);
  const link = shopLink(language, `/userprofile/orders/${order.id}`);
  await enqueueEmail(tx, {
    kind: `return-${step.kind}`,
    to: order.email,
    userId: order.userId,
    subject,
    text: `${common.greeting(order.shippingName)}\n\n${body.join('\n\n')}\n\n${common.yourOrder}: ${link}\n${textFooter}`,
    html: emailHtml(
      subject,
      paragraph(common.greeting(order.shippingName)) +
        body.map(paragraph).join('') +
        button(common.viewOrder, link),
      language,
    ),
  });
}

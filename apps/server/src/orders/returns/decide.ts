// The back office decides a return (issue 34): approves it, refuses it with a note the shopper
// reads, or marks its goods received — each line back to stock or not, then the exchange's
// replacement order made (its stock reserved), all in one transaction with the order locked,
// audited and e-mailed. The money follows after that transaction, as every refund does (no lock
// held across a provider's call): the returned lines' value, or a cheaper exchange's difference.
import { withVariant } from '@duka/domain/catalog/variant-choice';
import type { ReturnUpdate } from '@duka/domain';
import type { Tx } from '../../db/client.ts';
import type { AuditTrail } from '../../audit/trail.ts';
import { lockStock, returnStock } from '../../catalog/stock/index.ts';
import { conflict, forbidden, found, unprocessable } from '../../lib/http-error.ts';
import type { Payments } from '../../payments/context.ts';
import * as orders from '../repo.ts';
import { notifyReturn, type ReturnStep } from './emails.ts';
import { makeReplacement } from './exchange.ts';
import { factsOf, type OrderFacts } from './facts.ts';
import { askReturnRefund, refundOwed, type RefundOwed } from './money.ts';
import * as repo from './repo.ts';
import { termsOf } from './views.ts';

export interface Decider {
  id: number;
  /** payments.refund: receiving a return that gives money back needs it. */
  mayRefund: boolean;
}

export interface Decided {
  returnId: number;
  /** Why the refund could not be asked for (it is owed still), in words for the admin. */
  refundError: string | null;
}

const ALLOWED_FROM: Record<ReturnUpdate['status'], readonly string[]> = {
  approved: ['requested'],
  refused: ['requested', 'approved'],
  received: ['approved'],
};

/** The return's lines that go back to stock: all (the default), none, or those named. */
function restockedIds(lines: readonly repo.ReturnLineRow[], restock: ReturnUpdate['restock']) {
  if (restock === undefined || restock === true) return new Set(lines.map((l) => l.id));
  if (restock === false) return new Set<number>();
  const unknown = restock.find((id) => !lines.some((l) => l.id === id));
  if (unknown !== undefined) {
    throw unprocessable(`Line ${unknown} is not a line of this return.`, 'NOT_A_RETURN_LINE');
  }
  return new Set(restock);
}

async function receive(
  tx: Tx,
  facts: OrderFacts,
  ret: repo.ReturnRow,
  body: ReturnUpdate,
  decider: Decider,
  now: Date,
): Promise<{ owed: RefundOwed | null; step: ReturnStep; after: Record<string, unknown> }> {
  const lines = facts.lines.get(ret.id) ?? [];
  const itemOf = (line: repo.ReturnLineRow) => facts.items.find((i) => i.id === line.orderItemId)!;
  const back = restockedIds(lines, body.restock);
  const wanted =
    ret.resolution === 'exchange'
      ? facts.variants.find((v) => v.id === ret.exchangeVariantId)
      : null;
  if (wanted === undefined) {
    throw conflict(
      'The size or colour asked for in exchange is no longer sold: refuse the return with a note.',
      'EXCHANGE_GONE',
    );
  }
  const terms = wanted ? termsOf(facts, ret) : null;
  // A dearer exchange charges on its replacement; only a refund or a cheaper one gives back.
  const owed = refundOwed(facts, ret, terms && terms.extraCents > 0 ? terms.extraCents : undefined);
  if (owed && owed.amountCents > 0 && !decider.mayRefund) {
    throw forbidden(
      'Receiving this return gives money back: that needs the payments.refund permission.',
    );
  }

  // Stock moves in one lock order: every product this moves, together, by id.
  await lockStock(tx, [
    ...lines.map((l) => itemOf(l).productId),
    ...(wanted ? [wanted.productId] : []),
  ]);
  const restocked = lines.filter((l) => back.has(l.id));
  await returnStock(
    tx,
    restocked.map((l) => ({
      productId: itemOf(l).productId,
      variantId: itemOf(l).variantId,
      quantity: l.quantity,
    })),
  );
  for (const line of lines) await repo.markRestocked(tx, line.id, back.has(line.id));

  const replacement =
    wanted && terms
      ? await makeReplacement(
          tx,
          facts.order,
          itemOf(lines[0]!),
          wanted,
          lines[0]!.quantity,
          terms,
          now,
        )
      : null;
  await repo.updateReturn(tx, ret.id, {
    status: 'received',
    receivedAt: now,
    ...(body.note ? { note: body.note } : {}),
    ...(replacement ? { exchangeOrderId: replacement.id } : {}),
  });
  return {
    owed,
    step: { kind: 'received', refundCents: owed?.amountCents ?? 0, replacement },
    after: {
      status: 'received',
      restocked: restocked.map((l) => ({
        line_id: l.id,
        item: withVariant(itemOf(l).title, itemOf(l).variantTitle),
        quantity: l.quantity,
      })),
      ...(replacement
        ? { exchange_order_id: replacement.id, charged_cents: replacement.totalCents }
        : {}),
      ...(owed ? { refund_cents: owed.amountCents } : {}),
    },
  };
}

export async function decideReturn(
  p: Payments,
  id: number,
  body: ReturnUpdate,
  decider: Decider,
  audit: AuditTrail,
  now = new Date(),
): Promise<Decided> {
  const { db } = p;
  const first = found(await repo.findReturn(db, id), `The return ${id}`);
  // Received already, with its money not asked for (it could not be): ask again.
  if (first.status === 'received' && body.status === 'received') {
    const refundError = await askReturnRefund(p, id, body.refund_reference, decider, audit);
    return { returnId: id, refundError };
  }
  const owed = await db.transaction(async (tx) => {
    const order = (await orders.lockOrder(tx, first.orderId))!;
    const ret = (await repo.lockReturn(tx, id))!;
    if (!ALLOWED_FROM[body.status].includes(ret.status)) {
      throw conflict(
        ret.status === 'requested'
          ? 'Approve the return before marking its goods received.'
          : `Return #${id} is ${ret.status} already.`,
        'RETURN_STATE',
      );
    }
    const facts = await factsOf(tx, order);
    let result: { owed: RefundOwed | null; step: ReturnStep; after: Record<string, unknown> };
    if (body.status === 'received') {
      result = await receive(tx, facts, ret, body, decider, now);
    } else {
      await repo.updateReturn(tx, id, {
        status: body.status,
        decidedAt: now,
        note: body.note || null,
      });
      result = {
        owed: null,
        step: { kind: body.status },
        after: { status: body.status, note: body.note || null },
      };
    }
    await audit.record(tx, {
      action: 'return.update',
      entity: 'return',
      entityId: id,
      before: { status: ret.status, note: ret.note, order_id: ret.orderId },
      after: { ...result.after, order_id: ret.orderId },
    });
    const updated = (await repo.findReturn(tx, id))!;
    const lines = facts.lines.get(id) ?? [];
    await notifyReturn(tx, order, updated, lines, facts.items, result.step);
    return result.owed;
  });
  const refundError =
    owed && owed.amountCents > 0
      ? await askReturnRefund(p, id, body.refund_reference, decider, audit)
      : null;
  return { returnId: id, refundError };
}

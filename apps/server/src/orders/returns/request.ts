// A shopper asks to return lines of a delivered order (issue 34): with the order locked, each
// line is checked against what was bought less what is being returned already, and against its
// return window from delivery (the product's own policy, else the shop's); an exchange is for
// another size or colour of the same product that is in stock. Anything wrong is a 422 with a
// plain reason and nothing is saved; another shopper's order is a 404.
import { withVariant } from '@duka/domain/catalog/variant-choice';
import type { ReturnRequest } from '@duka/domain';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import * as orders from '../repo.ts';
import { notifyReturn } from './emails.ts';
import { factsOf, orderRefusal, unitsTaken, windowRefusal, type OrderFacts } from './facts.ts';
import * as repo from './repo.ts';
import { returnValues } from './value.ts';

interface Wanted {
  item: orders.OrderItemRow;
  quantity: number;
}

/** The order's item each asked line means; asking for one item twice adds up. */
function itemsAsked(facts: OrderFacts, body: ReturnRequest): Wanted[] {
  const wanted = new Map<number, Wanted>();
  for (const line of body.lines) {
    const ofProduct = facts.items.filter((i) => i.productId === line.product_id);
    const matching =
      line.variant_id === undefined
        ? ofProduct
        : ofProduct.filter((i) => i.variantId === line.variant_id);
    if (matching.length === 0) {
      throw unprocessable(
        `Order #${facts.order.id} has no such item (product ${line.product_id}${line.variant_id ? `, variant ${line.variant_id}` : ''}).`,
        'NOT_IN_ORDER',
      );
    }
    if (matching.length > 1) {
      throw unprocessable(
        `Order #${facts.order.id} has “${matching[0]!.title}” in several sizes or colours: say which one you return.`,
        'VARIANT_NEEDED',
      );
    }
    const item = matching[0]!;
    const before = wanted.get(item.id)?.quantity ?? 0;
    wanted.set(item.id, { item, quantity: before + line.quantity });
  }
  return [...wanted.values()];
}

function refuseOverReturn(facts: OrderFacts, wanted: readonly Wanted[], now: Date) {
  const taken = unitsTaken(facts);
  for (const { item, quantity } of wanted) {
    const closed = windowRefusal(facts, item, now);
    if (closed) throw unprocessable(closed, 'RETURN_WINDOW_CLOSED');
    const left = item.quantity - (taken.get(item.id) ?? 0);
    const name = withVariant(item.title, item.variantTitle);
    if (quantity > left) {
      throw unprocessable(
        left === 0
          ? `All of “${name}” is being returned already.`
          : `You bought ${item.quantity} of “${name}” and can return ${left} more, not ${quantity}.`,
        'TOO_MANY',
      );
    }
  }
}

/** An exchange: one item, for another variant of its product that is on sale and in stock. */
function refuseBadExchange(facts: OrderFacts, wanted: readonly Wanted[], variantId: number) {
  if (wanted.length !== 1) {
    throw unprocessable(
      'An exchange is for one item at a time: return the others separately.',
      'EXCHANGE_ONE_ITEM',
    );
  }
  const [{ item, quantity }] = wanted as [Wanted];
  const variant = facts.variants.find((v) => v.id === variantId);
  if (!variant || variant.productId !== item.productId) {
    throw unprocessable(
      `Choose another size or colour of “${item.title}”: an exchange is for the same product.`,
      'EXCHANGE_OTHER_PRODUCT',
    );
  }
  if (variant.id === item.variantId) {
    throw unprocessable(
      'Choose a size or colour other than the one you are returning.',
      'EXCHANGE_SAME_VARIANT',
    );
  }
  if (variant.stock < quantity) {
    throw unprocessable(
      variant.stock === 0
        ? `“${withVariant(item.title, variant.title)}” is out of stock: choose another, or a refund.`
        : `Only ${variant.stock} of “${withVariant(item.title, variant.title)}” left: return fewer, or choose another.`,
      'EXCHANGE_OUT_OF_STOCK',
    );
  }
}

export async function requestReturn(
  db: Db,
  userId: number,
  orderId: number,
  body: ReturnRequest,
  now = new Date(),
): Promise<repo.ReturnRow> {
  return db.transaction(async (tx) => {
    // The order's lock makes two requests for its last unit wait on each other: one wins.
    const order = await orders.lockOrder(tx, orderId);
    if (!order || order.userId !== userId) throw notFound(`The order ${orderId}`);
    const facts = await factsOf(tx, order);
    const refusal = orderRefusal(facts);
    if (refusal) throw unprocessable(refusal, 'NOT_RETURNABLE');
    const wanted = itemsAsked(facts, body);
    refuseOverReturn(facts, wanted, now);
    if (body.resolution === 'exchange') refuseBadExchange(facts, wanted, body.exchange_variant_id!);

    const lines = wanted.map((w) => ({ orderItemId: w.item.id, quantity: w.quantity }));
    const ret = await repo.insertReturn(
      tx,
      {
        orderId,
        userId,
        resolution: body.resolution,
        reason: body.reason,
        exchangeVariantId: body.resolution === 'exchange' ? body.exchange_variant_id! : null,
        createdAt: now,
      },
      lines,
    );
    const saved = (await repo.linesOf(tx, [ret.id])).get(ret.id) ?? [];
    if (body.resolution === 'refund') {
      // Goods paid nothing for (an exchange's replacement at no charge) have no money to give back.
      const value = returnValues(
        order,
        facts.items,
        [...facts.returns, ret],
        new Map([...facts.lines, [ret.id, saved]]),
      );
      if ((value.get(ret.id)?.totalCents ?? 0) === 0) {
        throw unprocessable(
          'Nothing was paid for these items, so there is nothing to refund: ask for an exchange instead.',
          'NOTHING_TO_REFUND',
        );
      }
    }
    await notifyReturn(tx, order, ret, saved, facts.items, { kind: 'requested' });
    return ret;
  });
}
